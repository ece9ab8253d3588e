import type { PlanConfig, StepDefinition } from '../../engine/plan/types.ts';
import { closest } from '../../src/plans/compose/factTemplates.ts';
import { didYouMean, listOf, pointerSegment, type Problem } from './problem.ts';

/*
 * The step ids and routes plan.json names exist: a step's Back button (`backTo`, a route), the
 * stepper entry it belongs to (`stepper`, else its own id), where a resumed application opens
 * (`resumeTo`), the steps a quote reads (`quote.steps`), and a review section's Edit link
 * (`edit`, a route) and option rows (`options.step`). Each with "did you mean …". The
 * machine's `meta.step` is checked with the machine (machineChecks.ts).
 */

interface StateNode {
  meta?: { route?: unknown };
  states?: Record<string, StateNode>;
}

/** The routes the journey can go to: each step's (its route, else its id) and the machine's other states'. */
function routesOf(config: PlanConfig, machine: unknown): string[] {
  const routes = new Set(Object.entries(config.steps ?? {}).map(([id, step]) => step.route ?? id));
  const visit = (node: StateNode | undefined) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.meta?.route === 'string' && node.meta.route !== '') routes.add(node.meta.route);
    for (const child of Object.values(node.states ?? {})) visit(child);
  };
  visit(machine as StateNode | undefined);
  return [...routes];
}

interface ReviewSection {
  edit?: unknown;
  rows?: Array<{ options?: { step?: unknown } }>;
}

export function checkStepIds(file: string, config: PlanConfig, machine?: unknown): Problem[] {
  const problems: Problem[] = [];
  const steps = config.steps ?? {};
  const stepIds = Object.keys(steps);
  const formIds = [...stepIds, ...Object.keys(config.popups ?? {})];
  const stepperIds = (config.stepper ?? []).map((entry) => entry.id);
  const routes = routesOf(config, machine);

  const routeNames = routes.map((r) => {
    const id = Object.entries(steps).find(([stepId, s]) => (s.route ?? stepId) === r)?.[0];
    return id !== undefined && id !== r ? `"${r}" (${id})` : r;
  });
  const route = (where: string, name: string, what: string) => {
    if (routes.includes(name)) return;
    // A step named by its id where its route differs, or a route misspelt.
    const near = closest(name, [...routes, ...stepIds]);
    const nearStep = near !== undefined && !routes.includes(near) ? steps[near] : undefined;
    const hint = nearStep
      ? ` (did you mean the step ${near}? its route is "${nearStep.route ?? near}")`
      : near !== undefined
        ? ` (did you mean "${near}"?)`
        : '';
    problems.push({
      file,
      where,
      message: `${what} "${name}", which is not a route of the journey${hint}; the routes are ${listOf(routeNames, true)}`,
    });
  };
  const step = (where: string, name: string, what: string, known = stepIds) => {
    if (!known.includes(name)) {
      problems.push({
        file,
        where,
        message: `${what} "${name}", which is not a step of plan.json${didYouMean(name, known)}; the steps are ${listOf(known, true)}`,
      });
    }
  };

  for (const [kind, forms] of [
    ['steps', steps],
    ['popups', config.popups ?? {}],
  ] as const) {
    for (const [id, form] of Object.entries(forms) as Array<[string, StepDefinition]>) {
      const at = `/${kind}/${pointerSegment(id)}`;
      if (typeof form.backTo === 'string') route(`${at}/backTo`, form.backTo, 'its Back button goes to');
      if (kind === 'steps' && typeof form.resumeTo === 'string')
        step(`${at}/resumeTo`, form.resumeTo, 'an application resumed here opens');
      if (kind === 'steps') {
        const entry = form.stepper ?? id;
        if (!stepperIds.includes(entry)) {
          problems.push({
            file,
            where: form.stepper !== undefined ? `${at}/stepper` : at,
            message:
              (form.stepper !== undefined
                ? `belongs to the stepper entry "${entry}"`
                : `belongs to the stepper entry "${entry}" (its own id: it names no "stepper")`) +
              `, which plan.json /stepper does not have${didYouMean(entry, stepperIds)}; its entries are ${listOf(stepperIds, true)}`,
          });
        }
      }
      (form.panels ?? []).forEach((panel, p) => {
        if (panel.type !== 'review') return;
        const sections = (panel.params?.sections ?? []) as ReviewSection[];
        if (!Array.isArray(sections)) return;
        sections.forEach((section, s) => {
          const where = `${at}/panels/${p}/params/sections/${s}`;
          if (typeof section.edit === 'string') route(`${where}/edit`, section.edit, 'its Edit link goes to');
          (section.rows ?? []).forEach((row, r) => {
            const named = row?.options?.step;
            if (typeof named === 'string')
              step(`${where}/rows/${r}/options/step`, named, 'its options are those of', formIds);
          });
        });
      });
    }
  }
  (config.quote?.steps ?? []).forEach((id, index) =>
    step(`/quote/steps/${index}`, id, 'the quote reads the step'),
  );
  return problems;
}
