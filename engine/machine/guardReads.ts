import { getByPointer } from '../schema/pointer.ts';
import type { ApplicationState } from '../state/applicationState.ts';
import { GENERIC_ACTION_NAMES, type MachineExtras } from './createJourneyMachine.ts';
import type { GuardParams, GuardRef } from './guards.ts';

/*
 * Which parts of the application state a machine's guards read, found from its config, so
 * the journey tells the machine about a change only when a guard could decide otherwise
 * (not on every keystroke in a field no guard looks at). A read is a JSON Pointer into the
 * application; '' is the whole of it, the answer whenever a guard or action is not known.
 */

/** The pointers one guard reads, given its params; `readsOf` answers for the guards it combines. */
export type GuardReads = (params: GuardParams, readsOf: (ref: unknown) => string[]) => string[];

const WHOLE_APPLICATION = '';
const pathParam = (params: GuardParams) =>
  typeof params?.path === 'string' ? params.path : WHOLE_APPLICATION;
const combined = (params: GuardParams, readsOf: (ref: unknown) => string[]) =>
  ((params?.guards as unknown[]) ?? []).flatMap(readsOf);

/** What each generic guard of guards.ts reads; keep in step with its implementation there. */
export const GENERIC_GUARD_READS: Record<string, GuardReads> = {
  hasApplicationNumber: () => ['/applicationNumber'],
  routeIs: () => [],
  stageIs: () => ['/userStage'],
  stageReached: () => ['/userStage'],
  payModeIs: () => ['/paymentDetails/payMode'],
  olderThanDays: (params) => [pathParam(params)],
  matchesSchema: (params) => [typeof params?.scope === 'string' ? params.scope : WHOLE_APPLICATION],
  allOf: combined,
  anyOf: combined,
  not: (params, readsOf) => readsOf(params?.guard),
};

function asRef(ref: unknown): GuardRef | undefined {
  if (typeof ref === 'string') return { type: ref };
  return ref && typeof ref === 'object' && typeof (ref as GuardRef).type === 'string'
    ? (ref as GuardRef)
    : undefined;
}

/** Every value under a `guard` key, and every action under `actions`, `entry` or `exit`, of a config. */
function collect(node: unknown, guards: unknown[], actions: unknown[]): void {
  if (Array.isArray(node)) {
    node.forEach((item) => collect(item, guards, actions));
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'guard') guards.push(value);
    else if (key === 'actions' || key === 'entry' || key === 'exit')
      actions.push(...(Array.isArray(value) ? value : [value]));
    else collect(value, guards, actions);
  }
}

/**
 * The pointers into the application state that the machine's guards (and actions) read, without
 * repeats. A plan guard reads what its adapter declares in `extras.reads`, or else everything;
 * a plan action may read anything in the context, so one makes the answer the whole application.
 */
export function machineReads(config: Record<string, unknown>, extras: MachineExtras = {}): string[] {
  const guards: unknown[] = [];
  const actions: unknown[] = [];
  collect(config, guards, actions);
  const readsOf = (raw: unknown): string[] => {
    const ref = asRef(raw);
    if (!ref) return [WHOLE_APPLICATION];
    const declared = extras.reads?.[ref.type];
    if (declared) return declared(ref.params);
    if (extras.guards?.[ref.type]) return [WHOLE_APPLICATION];
    const generic = GENERIC_GUARD_READS[ref.type];
    return generic ? generic(ref.params, readsOf) : [WHOLE_APPLICATION];
  };
  const reads = guards.flatMap(readsOf);
  const planActions = actions.some((raw) => {
    const type = typeof raw === 'string' ? raw : (raw as { type?: unknown } | null)?.type;
    return !(GENERIC_ACTION_NAMES as readonly unknown[]).includes(type);
  });
  if (planActions) reads.push(WHOLE_APPLICATION);
  return [...new Set(reads)];
}

/** Whether anything the machine reads differs between two application states. */
export function changedForMachine(
  reads: readonly string[],
  before: ApplicationState,
  after: ApplicationState,
): boolean {
  if (before === after) return false;
  // The reducer copies every object on the path of a write, so an unchanged read keeps its identity.
  return reads.some((pointer) => getByPointer(before, pointer) !== getByPointer(after, pointer));
}
