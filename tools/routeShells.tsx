import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { buildPlan, commonDocuments } from '../engine/plan/buildPlan.ts';
import type { PlanConfig, PlanFiles, StepperStep } from '../engine/plan/types.ts';
import { compilingValidators } from '../engine/validation/createFormValidator.ts';
import { FirstStepForm, JourneyShell, type ShellStep } from '../src/app/journey/JourneyShell.tsx';
import { initialMeta } from '../src/app/journey/journeyRoutes.ts';
import { RESUME_POPUP } from '../src/app/journey/resume/ResumeApplication.tsx';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../src/plans/nodePlanSource.ts';
import type { PlanContent } from '../src/plans/planContent.ts';
import type { RouteShells } from '../src/server/plugins/routePreloads.ts';

/*
 * `tsx tools/routeShells.tsx [outDir]` (run by `npm run build`): each plan's journey shell
 * (src/app/journey/JourneyShell.tsx) as HTML, into `<outDir>/route-shells.json` ({ code:
 * { landing, elsewhere } }), which the server writes into the page's #root
 * (src/server/plugins/routePreloads.ts). `landing` is the page at the journey's own path of a
 * path-routed plan, whose step the server knows, with the step's form as a new visitor first
 * sees it (the journey's own StepForm and widgets, its submit busy until the code is here);
 * `elsewhere` (another path, or any path of a hash-routed plan, whose step is in a hash the
 * server never sees) shows no step.
 */

/** The first step of a plan's journey: the machine's initial state (as the journey reads it), its title, stepper entry and form. */
function landingStep(
  files: PlanFiles,
  config: PlanConfig,
  common: ReturnType<typeof commonDocuments>,
): ShellStep | undefined {
  const plan = buildPlan(files, common, compilingValidators);
  const meta = initialMeta(plan);
  const step = meta?.step ? plan.steps[meta.step] : undefined;
  if (!step) return undefined;
  const title = step.definition.title ?? step.schema.title;
  return title
    ? {
        title: String(title),
        stepper: meta?.stepper,
        // What the journey draws for a new visitor on its first step (no panels there).
        form: step.definition.panels?.length ? undefined : <FirstStepForm step={step} />,
      }
    : undefined;
}

export function routeShells(root?: string): RouteShells {
  const common = commonDocuments(readCommonDocuments(root));
  return Object.fromEntries(
    listPlanCodes(root).map((code) => {
      const files = readPlanFiles(code, root);
      const config = files['plan.json'] as PlanConfig;
      const content = (config.content ? files[config.content] : undefined) as PlanContent | undefined;
      const shell = (step: ShellStep | undefined) =>
        renderToStaticMarkup(
          <JourneyShell
            config={config}
            content={content}
            stepper={(config.stepper ?? []) as StepperStep[]}
            step={step}
            hasResume={Boolean(config.popups?.[RESUME_POPUP])}
          />,
        );
      const elsewhere = shell(undefined);
      return [
        code,
        {
          landing: config.routes.mode === 'hash' ? elsewhere : shell(landingStep(files, config, common)),
          elsewhere,
        },
      ];
    }),
  );
}

if (import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '.')).href) {
  const outDir = resolve(process.argv[2] ?? 'dist/app');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'route-shells.json'), JSON.stringify(routeShells()));
}
