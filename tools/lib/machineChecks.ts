import type { PlanConfig } from '../../engine/plan/types.ts';
import { didYouMean, listOf, pointerSegment, type Problem } from './problem.ts';
import { REGISTRY_FILES } from './registries.ts';

/*
 * machine.json: targets, initial states, meta (step, stepper, route), and the names of its
 * guards and actions — the engine's generic ones plus those the plan's adapter adds. A
 * `stageIs` or `stageReached` guard must name a stage of schemas/common/application.schema.json, or it can
 * never be true and the resume it routes silently goes elsewhere.
 */

type Ref = string | { type: string; params?: Record<string, unknown> };

interface StateNode {
  initial?: string;
  meta?: { route?: string; step?: string; stepper?: string };
  on?: Record<string, unknown>;
  always?: unknown;
  after?: Record<string, unknown>;
  entry?: unknown;
  exit?: unknown;
  states?: Record<string, StateNode>;
}

export interface MachineNames {
  guards: readonly string[];
  actions: readonly string[];
  /** The stage names (application.schema.json $defs/stage), undefined when it could not be read. */
  stages?: readonly string[];
}

/** Every guard or action reference inside a guard/actions value, combinators' sub-guards included. */
function refs(ref: unknown, kind: 'guard' | 'action'): Exclude<Ref, string>[] {
  if (ref === undefined || ref === null) return [];
  if (Array.isArray(ref)) return ref.flatMap((r) => refs(r, kind));
  const named = (typeof ref === 'string' ? { type: ref } : ref) as Exclude<Ref, string>;
  const nested =
    kind === 'guard' ? [...((named.params?.guards as unknown[]) ?? []), named.params?.guard] : [];
  return [named, ...nested.flatMap((r) => refs(r, kind))];
}

export function checkMachine(
  file: string,
  machine: unknown,
  config: PlanConfig,
  names: MachineNames,
): Problem[] {
  const problems: Problem[] = [];
  const guards = new Set(names.guards);
  const actions = new Set(names.actions);
  const stepIds = Object.keys(config.steps ?? {});
  const stepperIds = new Set((config.stepper ?? []).map((s) => s.id));
  const routes = new Map<string, string>();

  const checkGuard = (where: string, ref: Exclude<Ref, string>) => {
    if (!guards.has(ref.type)) {
      problems.push({
        file,
        where,
        message: `guard "${ref.type}" is not a known guard${didYouMean(ref.type, guards)}; known guards: ${listOf(guards)} (${REGISTRY_FILES.guards})`,
      });
    }
    if ((ref.type === 'stageIs' || ref.type === 'stageReached') && names.stages) {
      const wanted = ref.params?.stage;
      for (const stage of Array.isArray(wanted) && ref.type === 'stageIs' ? wanted : [wanted]) {
        if (typeof stage !== 'string' || !names.stages.includes(stage)) {
          problems.push({
            file,
            where,
            message: `guard ${ref.type} names the stage ${JSON.stringify(stage)}, which is not a stage${typeof stage === 'string' ? didYouMean(stage, names.stages) : ''}; the stages are ${listOf(names.stages, true)} (schemas/common/application.schema.json)`,
          });
        }
      }
    }
  };
  const checkAction = (where: string, ref: Exclude<Ref, string>) => {
    if (!actions.has(ref.type)) {
      problems.push({
        file,
        where,
        message: `action "${ref.type}" is not a known action${didYouMean(ref.type, actions)}; known actions: ${listOf(actions)} (${REGISTRY_FILES.actions})`,
      });
    }
  };

  /** Each transition of a state with its JSON Pointer: on, after and always, lists item by item. */
  const transitionsOf = (node: StateNode, at: string): Array<[string, unknown]> => {
    const out: Array<[string, unknown]> = [];
    const add = (where: string, value: unknown) => {
      if (Array.isArray(value)) value.forEach((t, i) => out.push([`${where}/${i}`, t]));
      else out.push([where, value]);
    };
    for (const [event, t] of Object.entries(node.on ?? {})) add(`${at}/on/${pointerSegment(event)}`, t);
    for (const [delay, t] of Object.entries(node.after ?? {})) add(`${at}/after/${pointerSegment(delay)}`, t);
    if (node.always) add(`${at}/always`, node.always);
    return out;
  };

  const visit = (node: StateNode, at: string, name: string, parent: StateNode | undefined) => {
    if (node.initial && !node.states?.[node.initial]) {
      problems.push({
        file,
        where: `${at}/initial`,
        message: `initial state "${node.initial}" does not exist${didYouMean(node.initial, Object.keys(node.states ?? {}))}`,
      });
    }
    if (node.meta?.step && !config.steps?.[node.meta.step]) {
      problems.push({
        file,
        where: `${at}/meta/step`,
        message: `meta.step "${node.meta.step}" is not a step of plan.json${didYouMean(node.meta.step, stepIds)}; the steps are ${listOf(stepIds, true)}`,
      });
    }
    // The stepper of a step's own state is plan.json's (checked there, stepIdChecks.ts).
    const own = node.meta?.step ? config.steps?.[node.meta.step] : undefined;
    const fromPlan = own !== undefined && node.meta?.stepper === (own.stepper ?? node.meta?.step);
    if (node.meta?.stepper && !fromPlan && !stepperIds.has(node.meta.stepper)) {
      problems.push({
        file,
        where: `${at}/meta/stepper`,
        message: `meta.stepper "${node.meta.stepper}" is not in plan.json stepper${didYouMean(node.meta.stepper, stepperIds)}; its entries are ${listOf(stepperIds, true)}`,
      });
    }
    if (node.meta?.route !== undefined) {
      const other = routes.get(node.meta.route);
      if (other)
        problems.push({
          file,
          where: `${at}/meta/route`,
          message: `route "${node.meta.route}" is also used by ${other}`,
        });
      routes.set(node.meta.route, name);
    }
    for (const [where, t] of transitionsOf(node, at)) {
      const transition = (typeof t === 'string' ? { target: t } : t) as {
        target?: string;
        guard?: unknown;
        actions?: unknown;
      };
      if (transition.target !== undefined) {
        const target = transition.target;
        const siblings = target.startsWith('.') ? node.states : parent?.states;
        const exists = Boolean(siblings?.[target.replace(/^\./, '')]);
        if (!exists)
          problems.push({
            file,
            where: typeof t === 'string' ? where : `${where}/target`,
            message: `transition target "${target}" does not exist${didYouMean(target.replace(/^\./, ''), Object.keys(siblings ?? {}))}`,
          });
      }
      for (const ref of refs(transition.guard, 'guard')) checkGuard(`${where}/guard`, ref);
      for (const ref of refs(transition.actions, 'action')) checkAction(`${where}/actions`, ref);
    }
    for (const ref of refs(node.entry, 'action')) checkAction(`${at}/entry`, ref);
    for (const ref of refs(node.exit, 'action')) checkAction(`${at}/exit`, ref);
    for (const [child, state] of Object.entries(node.states ?? {}))
      visit(state, `${at}/states/${pointerSegment(child)}`, name ? `${name}.${child}` : child, node);
  };
  if (machine && typeof machine === 'object') visit(machine as StateNode, '', '', undefined);
  return problems;
}
