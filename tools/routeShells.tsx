import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PlanConfig, StepperStep } from '../engine/plan/types.ts';
import { JourneyShell, type ShellStep } from '../src/app/journey/JourneyShell.tsx';
import { initialMeta } from '../src/app/journey/journeyRoutes.ts';
import { RESUME_POPUP } from '../src/app/journey/resume/ResumeApplication.tsx';
import { listPlanCodes, readPlanFiles } from '../src/plans/nodePlanSource.ts';
import type { PlanContent } from '../src/plans/planContent.ts';
import type { RouteShells } from '../src/server/plugins/routePreloads.ts';

/*
 * `tsx tools/routeShells.tsx [outDir]` (run by `npm run build`): each plan's journey shell
 * (src/app/journey/JourneyShell.tsx) as HTML, into `<outDir>/route-shells.json` ({ code:
 * { landing, elsewhere } }), which the server writes into the page's #root
 * (src/server/plugins/routePreloads.ts). `landing` is the page at the journey's own path of a
 * path-routed plan, whose step the server knows; `elsewhere` (another path, or any path of a
 * hash-routed plan, whose step is in a hash the server never sees) shows no step.
 */

/** The first step of a plan's journey: the machine's initial state (as the journey reads it), its title and stepper entry. */
function landingStep(files: Record<string, unknown>, config: PlanConfig): ShellStep | undefined {
  const meta = initialMeta({ machine: files[config.machine] as Record<string, unknown> });
  const step = meta?.step ? config.steps[meta.step] : undefined;
  if (!step) return undefined;
  const schema = files[step.schema] as { title?: string } | undefined;
  const title = step.title ?? schema?.title;
  return title ? { title: String(title), stepper: meta?.stepper } : undefined;
}

export function routeShells(root?: string): RouteShells {
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
          landing: config.routes.mode === 'hash' ? elsewhere : shell(landingStep(files, config)),
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
