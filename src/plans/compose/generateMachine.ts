import type { PlanConfig, StepDefinition } from '../../../engine/plan/types.ts';
import { STAGE_ORDER } from '../../../engine/state/stageOrder.ts';
import { isPlainObject, mergePatch } from './mergePatch.ts';

/**
 * A plan's journey machine, generated from its steps (docs/design/composed-plans.md). The
 * steps of plan.json, in order, each become a state (`plan-details` → `planDetails`) with
 * `meta` { route, step, stepper }, NEXT to the step after it and BACK to the one before
 * (the first step's NEXT waits for the application number). What the machine file
 * (schemas/common/machine.json, or a plan's own exceptions over it) writes is kept, with
 * these markers in its transition lists filled in:
 *   { "$generated": "step routes" }   NAVIGATE: each step's route (a later step only with an
 *                                     application number, and only once the steps before it
 *                                     are done: the stage the last of them saves is reached and
 *                                     what any of them `requires` holds; else the furthest step
 *                                     before it that is open)
 *   { "$generated": "step stages" }   RESUME: each stage a step saves, to that step (or to the
 *                                     step its `resumeTo` names)
 *   { "$generated": "first step" }    the first step, unguarded
 * States it writes are merged over the generated ones (e.g. make-payment's PAY_LATER).
 */

const GENERATED = '$generated';

export class MachineError extends Error {}

export function stateName(stepId: string): string {
  return stepId.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The stage a step's submit saves: a created application is at 'basic-details'. */
function savedStage(step: StepDefinition): string | undefined {
  if (step.submit?.type === 'createApplication') return 'basic-details';
  return step.submit?.type === 'saveStage' ? step.submit.stage : undefined;
}

/**
 * What must hold of the application for the step at `index` to open: the stage saved by the
 * last step before it that saves one is reached (that stage or a later one), and what it and
 * every step before it `requires` (make-payment: the terms accepted on review).
 */
function opensWhen(steps: [string, StepDefinition][], index: number): object[] {
  const guards: object[] = [];
  const saved = steps
    .slice(0, index)
    .map(([, step]) => savedStage(step))
    .filter((stage): stage is string => stage !== undefined)
    .pop();
  if (saved !== undefined && saved !== STAGE_ORDER[0])
    guards.push({ type: 'stageReached', params: { stage: saved } });
  for (const [, step] of steps.slice(0, index + 1)) {
    if (step.requires) {
      guards.push({
        type: 'matchesSchema',
        params: { scope: step.requires.scope, schema: step.requires.schema },
      });
    }
  }
  return guards;
}

function routeOf(id: string, step: StepDefinition): string {
  return step.route ?? id;
}

/** The transitions a `{ "$generated": <marker> }` entry stands for in the plan's machine. */
export function generatedEntries(marker: string, plan: PlanConfig, file: string): unknown[] {
  const steps = Object.entries(plan.steps);
  const [firstId] = steps[0] ?? [];
  if (!firstId) throw new MachineError(`${file}: the plan has no steps to make a machine of`);
  switch (marker) {
    case 'step routes':
      return steps.flatMap(([id, step], index): unknown[] => {
        const routeIs = { type: 'routeIs', params: { route: routeOf(id, step) } };
        if (index === 0) return [{ guard: routeIs, target: `.${stateName(id)}` }];
        // The step itself when it is open, else the furthest open step before it.
        // A step before it that opens exactly when a later one does is never the furthest open one.
        const entries: unknown[] = [];
        const seen = new Set<string>();
        for (let open = index; open >= 1; open--) {
          const opens = opensWhen(steps, open);
          if (seen.has(JSON.stringify(opens))) continue;
          seen.add(JSON.stringify(opens));
          // A stage reached means an application exists: only without one is its number asked.
          const reached = opens.some((guard) => (guard as { type?: string }).type === 'stageReached');
          const guards = [routeIs, ...(reached ? [] : ['hasApplicationNumber']), ...opens];
          entries.push({
            guard: { type: 'allOf', params: { guards } },
            target: `.${stateName(steps[open]![0])}`,
          });
        }
        return entries;
      });
    case 'step stages':
      return steps.flatMap(([id, step]) => {
        const stage = savedStage(step);
        if (!stage) return [];
        const to = step.resumeTo ?? id;
        if (!plan.steps[to])
          throw new MachineError(`${file}: step ${id} resumes to '${to}', which is not a step`);
        return [{ target: `.${stateName(to)}`, guard: { type: 'stageIs', params: { stage } } }];
      });
    case 'first step':
      return [{ target: `.${stateName(firstId)}` }];
    default:
      throw new MachineError(
        `${file}: unknown "${GENERATED}": "${marker}" (one of "step routes", "step stages", "first step")`,
      );
  }
}

function fillMarkers(transitions: unknown, plan: PlanConfig, file: string): unknown {
  if (!isPlainObject(transitions)) return transitions;
  return Object.fromEntries(
    Object.entries(transitions).map(([event, list]) => [
      event,
      Array.isArray(list)
        ? list.flatMap((entry) =>
            isPlainObject(entry) && typeof entry[GENERATED] === 'string'
              ? generatedEntries(entry[GENERATED], plan, file)
              : [entry],
          )
        : list,
    ]),
  );
}

function stepStates(plan: PlanConfig): Record<string, unknown> {
  const steps = Object.entries(plan.steps);
  return Object.fromEntries(
    steps.map(([id, step], index) => {
      const next = steps[index + 1]?.[0];
      const previous = steps[index - 1]?.[0];
      const on: Record<string, unknown> = {};
      if (next) {
        on.NEXT = index === 0 ? { guard: 'hasApplicationNumber', target: stateName(next) } : stateName(next);
      }
      if (previous) on.BACK = stateName(previous);
      return [
        stateName(id),
        { meta: { route: routeOf(id, step), step: id, stepper: step.stepper ?? id }, on },
      ];
    }),
  );
}

export function generateMachine(source: unknown, plan: PlanConfig, file: string): unknown {
  if (!isPlainObject(source)) throw new MachineError(`${file}: a machine is an object`);
  const { $schema: _shared, $comment: _notes, id: _id, initial: _initial, on, states, ...rest } = source;
  const [firstId] = Object.keys(plan.steps);
  return {
    $schema: '../../machine.schema.json',
    id: plan.planCode,
    initial: stateName(firstId ?? ''),
    ...rest,
    on: fillMarkers(on, plan, file),
    states: mergePatch(stepStates(plan), states ?? {}),
  };
}
