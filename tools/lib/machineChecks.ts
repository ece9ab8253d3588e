import type { PlanConfig } from '../../engine/plan/types.ts';
import { listOf, type Problem } from './problem.ts';
import { REGISTRY_FILES } from './registries.ts';

/*
 * machine.json: targets, initial states, meta (step, stepper, route), and the names of its
 * guards and actions — the engine's generic ones plus those the plan's adapter adds. A
 * `stageIs` guard must name a stage of schemas/common/application.schema.json, or it can
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
  const stepperIds = new Set((config.stepper ?? []).map((s) => s.id));
  const routes = new Map<string, string>();

  const checkGuard = (where: string, ref: Exclude<Ref, string>) => {
    if (!guards.has(ref.type)) {
      problems.push({
        file,
        where,
        message: `guard "${ref.type}" is not a known guard; known guards: ${listOf(guards)} (${REGISTRY_FILES.guards})`,
      });
    }
    if (ref.type === 'stageIs' && names.stages) {
      const wanted = ref.params?.stage;
      for (const stage of Array.isArray(wanted) ? wanted : [wanted]) {
        if (typeof stage !== 'string' || !names.stages.includes(stage)) {
          problems.push({
            file,
            where,
            message: `guard stageIs names the stage ${JSON.stringify(stage)}, which is not a stage; the stages are ${listOf(names.stages, true)} (schemas/common/application.schema.json)`,
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
        message: `action "${ref.type}" is not a known action; known actions: ${listOf(actions)} (${REGISTRY_FILES.actions})`,
      });
    }
  };

  const visit = (node: StateNode, path: string[], parent: StateNode | undefined) => {
    const where = path.length ? path.join('.') : '(root)';
    if (node.initial && !node.states?.[node.initial]) {
      problems.push({ file, where, message: `initial state "${node.initial}" does not exist` });
    }
    if (node.meta?.step && !config.steps?.[node.meta.step]) {
      problems.push({ file, where, message: `meta.step "${node.meta.step}" is not a step of plan.json` });
    }
    if (node.meta?.stepper && !stepperIds.has(node.meta.stepper)) {
      problems.push({
        file,
        where,
        message: `meta.stepper "${node.meta.stepper}" is not in plan.json stepper`,
      });
    }
    if (node.meta?.route !== undefined) {
      const other = routes.get(node.meta.route);
      if (other)
        problems.push({ file, where, message: `route "${node.meta.route}" is also used by ${other}` });
      routes.set(node.meta.route, where);
    }
    const transitions = [
      ...Object.values(node.on ?? {}),
      ...Object.values(node.after ?? {}),
      ...(node.always ? [node.always] : []),
    ].flatMap((t) => (Array.isArray(t) ? t : [t]));
    for (const t of transitions) {
      const transition = (typeof t === 'string' ? { target: t } : t) as {
        target?: string;
        guard?: unknown;
        actions?: unknown;
      };
      if (transition.target !== undefined) {
        const target = transition.target;
        const exists = target.startsWith('.')
          ? Boolean(node.states?.[target.slice(1)])
          : Boolean(parent?.states?.[target]);
        if (!exists) problems.push({ file, where, message: `transition target "${target}" does not exist` });
      }
      for (const ref of refs(transition.guard, 'guard')) checkGuard(where, ref);
      for (const ref of refs(transition.actions, 'action')) checkAction(where, ref);
    }
    for (const ref of [...refs(node.entry, 'action'), ...refs(node.exit, 'action')]) checkAction(where, ref);
    for (const [name, child] of Object.entries(node.states ?? {})) visit(child, [...path, name], node);
  };
  if (machine && typeof machine === 'object') visit(machine as StateNode, [], undefined);
  return problems;
}
