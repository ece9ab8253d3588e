import Ajv from 'ajv';
import type { PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import PANEL_PARAMS from '../../src/journey/panels/panelParams.json' with { type: 'json' };
import { VALUE_FORMATS } from '../../src/journey/formatValue.ts';
import { ajvProblems, didYouMean, listOf, type Problem } from './problem.ts';
import { REGISTRY_FILES, type RegisteredCalculator, type Registries } from './registries.ts';

/*
 * Names plan.json gives to code: its calculator, its adapter, the panels its steps and
 * landing page show, and the stage each step's submit saves. Each must be registered (or a
 * stage of schemas/common/application.schema.json), or the plan fails when a visitor reaches it.
 */

interface PanelRef {
  type?: unknown;
  params?: Record<string, unknown>;
}

const unknownName = (
  kind: keyof typeof REGISTRY_FILES,
  singular: string,
  name: string,
  known: Iterable<string>,
) =>
  `${singular} "${name}" is not a known ${singular}${didYouMean(name, known)}; known ${kind}: ${listOf(known)} (${REGISTRY_FILES[kind]})`;

export function checkPlanNames(
  file: string,
  config: PlanConfig,
  registries: Registries,
  stages?: readonly string[],
): Problem[] {
  const problems: Problem[] = [];
  const raw = config as unknown as Record<string, unknown>;
  if (typeof config.calculator === 'string' && !Object.hasOwn(registries.calculators, config.calculator)) {
    problems.push({
      file,
      where: '/calculator',
      message: unknownName(
        'calculators',
        'calculator',
        config.calculator,
        Object.keys(registries.calculators),
      ),
    });
  }
  if (typeof raw.adapter === 'string' && !Object.hasOwn(registries.adapters, raw.adapter)) {
    problems.push({
      file,
      where: '/adapter',
      message: unknownName('adapters', 'adapter', raw.adapter, Object.keys(registries.adapters)),
    });
  }
  const checkPanel = (where: string, panel: PanelRef | undefined) => {
    if (!panel) return;
    if (typeof panel.type !== 'string') {
      problems.push({
        file,
        where,
        message: `a panel needs a "type"; known panels: ${listOf(registries.panels)}`,
      });
    } else if (!registries.panels.includes(panel.type)) {
      problems.push({
        file,
        where: `${where}/type`,
        message: unknownName('panels', 'panel', panel.type, registries.panels),
      });
    } else {
      const needed = (PANEL_PARAMS as Record<string, string[]>)[panel.type] ?? [];
      const missing = needed.filter((name) => panel.params?.[name] === undefined);
      if (missing.length) {
        problems.push({
          file,
          where: `${where}/params`,
          message: `the ${panel.type} panel needs the params ${missing.join(', ')} (src/journey/panels/panelParams.json)`,
        });
      }
      if (panel.type === 'review') problems.push(...reviewRowProblems(file, where, panel.params?.sections));
    }
  };
  for (const [kind, forms] of [
    ['steps', config.steps],
    ['popups', config.popups],
  ] as const) {
    for (const [id, step] of Object.entries(forms ?? {})) {
      const { panels, submit } = step as { panels?: unknown; submit?: { stage?: unknown } };
      if (stages && submit?.stage !== undefined && !stages.includes(submit.stage as string)) {
        problems.push({
          file,
          where: `/${kind}/${id}/submit/stage`,
          message: `saves the stage ${JSON.stringify(submit.stage)}, which is not a stage${typeof submit.stage === 'string' ? didYouMean(submit.stage, stages) : ''}; the stages are ${listOf(stages, true)} (schemas/common/application.schema.json)`,
        });
      }
      if (Array.isArray(panels))
        panels.forEach((panel, index) => checkPanel(`/${kind}/${id}/panels/${index}`, panel as PanelRef));
    }
  }
  checkPanel('/landingPanel', raw.landingPanel as PanelRef | undefined);
  return problems;
}

/** Each review row names a format the review knows (src/journey/formatValue.ts), or none (text). */
function reviewRowProblems(file: string, where: string, sections: unknown): Problem[] {
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((section: { rows?: unknown }, s) =>
    (Array.isArray(section?.rows) ? (section.rows as { format?: unknown }[]) : []).flatMap((row, r) =>
      row?.format === undefined || (VALUE_FORMATS as readonly unknown[]).includes(row.format)
        ? []
        : [
            {
              file,
              where: `${where}/params/sections/${s}/rows/${r}/format`,
              message: `format ${JSON.stringify(row.format)} is not a format the review knows${typeof row.format === 'string' ? didYouMean(row.format, VALUE_FORMATS) : ''}; known formats: ${listOf(VALUE_FORMATS)} (src/journey/formatValue.ts)`,
            },
          ],
    ),
  );
}

/** The calculator's basis file is in the plan folder and, when the calculator says how it looks, looks so. */
export function checkBasis(
  folder: string,
  files: PlanFiles,
  calculator: RegisteredCalculator,
  name: string,
): Problem[] {
  const file = `${folder}/${calculator.basisFile}`;
  const basis = files[calculator.basisFile];
  if (basis === undefined) {
    return [
      {
        file,
        where: '/',
        message: `missing: the calculator "${name}" reads its rates from ${calculator.basisFile} in the plan folder`,
      },
    ];
  }
  if (!calculator.basisSchema) return [];
  const validate = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(calculator.basisSchema);
  if (validate(basis)) return [];
  return ajvProblems(file, validate.errors, ` (the basis the calculator "${name}" expects)`);
}
