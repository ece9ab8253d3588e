import { getByPointer } from '../schema/pointer.ts';
import { parseWireDate, ageInDays } from '../validation/age.ts';
import { stageReached } from '../state/stageOrder.ts';
import type { JourneyContext, JourneyEvent } from './journeyTypes.ts';

/*
 * The generic guards machine.json may reference by name. Each reads the application state
 * through JSON Pointers given as params, so no guard knows a plan.
 */

export type GuardParams = Record<string, unknown> | undefined;
export type GuardArgs = { context: JourneyContext; event: JourneyEvent };
export type GuardImpl = (args: GuardArgs, params: GuardParams) => boolean;
export interface GuardRef {
  type: string;
  params?: Record<string, unknown>;
}

/**
 * Whether data matches a JSON Schema of the machine (the `matchesSchema` guard): in the browser
 * the plan's precompiled condition validators, in Node ajv compiling them (engine/validation).
 */
export type SchemaMatcher = (schema: object, data: unknown) => boolean;

const noMatcher: SchemaMatcher = () => {
  throw new Error("The matchesSchema guard needs the plan's schema matcher (LoadedPlan.matchesSchema)");
};

function at(context: JourneyContext, pointer: unknown): unknown {
  return getByPointer(context.application, typeof pointer === 'string' ? pointer : '');
}

function asRef(ref: unknown): GuardRef {
  return typeof ref === 'string' ? { type: ref } : (ref as GuardRef);
}

/** Builds the guard table; combinators evaluate their sub-guards from the same table. */
export function createGuards(
  extra: Record<string, GuardImpl> = {},
  matches: SchemaMatcher = noMatcher,
): Record<string, GuardImpl> {
  const table: Record<string, GuardImpl> = {
    hasApplicationNumber: ({ context }) => Boolean(context.application.applicationNumber),
    routeIs: ({ event }, params) => event.type === 'NAVIGATE' && event.route === params?.route,
    stageIs: ({ context }, params) => {
      const stage = context.application.userStage;
      const wanted = params?.stage;
      return Array.isArray(wanted) ? wanted.includes(stage) : stage === wanted;
    },
    /** The application's stage is `stage` or one after it (engine/state/stageOrder.ts). */
    stageReached: ({ context }, params) => stageReached(context.application.userStage, String(params?.stage)),
    payModeIs: ({ context }, params) =>
      (context.application.paymentDetails as Record<string, unknown>)?.payMode === params?.mode,
    /** The date at `path` (yyyy-mm-dd) is more than `days` days ago. */
    olderThanDays: ({ context }, params) => {
      const date = parseWireDate(at(context, params?.path));
      return date !== undefined && ageInDays(date) > Number(params?.days);
    },
    /** The value at `scope` (default: the whole application) matches a JSON Schema. */
    matchesSchema: ({ context }, params) =>
      matches(
        (params?.schema ?? {}) as object,
        params?.scope ? at(context, params.scope) : context.application,
      ),
    allOf: (args, params) => ((params?.guards as unknown[]) ?? []).every((g) => evaluate(args, asRef(g))),
    anyOf: (args, params) => ((params?.guards as unknown[]) ?? []).some((g) => evaluate(args, asRef(g))),
    not: (args, params) => !evaluate(args, asRef(params?.guard)),
    ...extra,
  };
  function evaluate(args: GuardArgs, ref: GuardRef): boolean {
    const impl = table[ref.type];
    if (!impl) throw new Error(`Unknown guard "${ref.type}"`);
    return impl(args, ref.params);
  }
  return table;
}

export const GENERIC_GUARD_NAMES = Object.keys(createGuards());
