import type { ReactNode } from 'react';
import { MandatoryNote } from '../../../engine/form/MandatoryNote.tsx';
import { StepForm } from '../../../engine/form/StepForm.tsx';
import type { LoadedStep, PlanConfig, StepperStep } from '../../../engine/plan/types.ts';
import { templates, widgets } from '../../../widgets/registry.ts';
import type { PlanContent } from '../../plans/planContent.ts';
import { BrandBar } from '../BrandBar.tsx';
import { SiteFooter } from '../SiteFooter.tsx';
import { HelpCenterToggle } from './HelpCenter.tsx';
import { BrochureLink } from './JourneyHeader.tsx';
import { Loader } from './Loader.tsx';
import { SidePanel } from './SidePanel.tsx';
import { Stepper } from './Stepper.tsx';

/** The step a journey's page opens on, where the server knows it (the landing path of a path-routed plan). */
export interface ShellStep {
  title: string;
  /** The stepper's current entry on that step. */
  stepper?: string;
  /**
   * The step's form as a new visitor first sees it (engine/form/StepForm.tsx, its submit busy):
   * its fields take typing and taps at once, which the entry hands to the step once its code is
   * here (src/app/journey/earlyInput.ts).
   */
  form?: ReactNode;
}

/*
 * A journey page's first paint (issue 21), written into the page's HTML at build time
 * (tools/routeShells.tsx) and served inside #root (src/server/plugins/routePreloads.ts): the
 * header, the plan's side panel and, where the server knows the step, the stepper and the
 * step itself (its form, whose fields work before the code does), each where the journey draws
 * it, with the wait said (the form's submit is busy until then). React's first
 * render replaces it with the step itself, which its own code then draws in the same places.
 * Drawn with the components the journey renders (the header's resume button and the step's
 * heading are the two written out here; tests/e2e/layoutShift.test.ts checks they land where the
 * journey's do). Its header and icon buttons keep their places but are not shown (`.bf-shell`):
 * a tap on one before its code is here would do nothing; the brochure is a plain link and works
 * at once. The form's own fields (text boxes, option cards, boxes to tick) work as plain HTML
 * and hand what was done to the live step; a field drawn as a button (a drop-down list) waits
 * for the code, and no first step served with its form has one today.
 */
export function JourneyShell({
  config,
  content,
  stepper,
  step,
  hasResume,
}: {
  config: PlanConfig;
  content: PlanContent | undefined;
  stepper: StepperStep[];
  step: ShellStep | undefined;
  hasResume: boolean;
}) {
  return (
    <div className="bf-app bf-shell">
      <div className="bf-app__page">
        <BrandBar>
          {content?.header?.helpCenter && <HelpCenterToggle label={content.header.helpCenter} open={false} />}
          <BrochureLink config={config} label={content?.header?.brochure} />
          {hasResume && (
            <button type="button" className="bf-header-link bf-header-button" aria-haspopup="dialog">
              {content?.header?.resumeApplication ?? 'Resume Application'}
            </button>
          )}
        </BrandBar>
        <div className="bf-journey">
          <SidePanel config={config} />
          <main className="bf-journey__main" id="main">
            {step?.stepper && <Stepper steps={stepper} current={step.stepper} />}
            <section className="bf-card">
              {step?.form ? (
                <>
                  {step.form}
                  <p role="status" className="bf-visually-hidden">
                    Loading {config.productName}…
                  </p>
                </>
              ) : (
                <>
                  {step && (
                    <div className="bf-step-form">
                      <StepHeadingShell title={step.title} />
                    </div>
                  )}
                  <Loader label={`Loading ${config.productName}`} />
                </>
              )}
            </section>
          </main>
        </div>
      </div>
      <SiteFooter />
    </div>
  );
}

const noop = () => undefined;

/** A step's form as a new visitor first sees it, before its code is here: empty, its submit busy. */
export function FirstStepForm({ step }: { step: LoadedStep }) {
  return (
    <StepForm
      step={step}
      formData={{}}
      validator={step.validator}
      widgets={widgets}
      templates={templates}
      onChange={noop}
      onSubmit={noop}
      busy
    />
  );
}

function StepHeadingShell({ title }: { title: string }) {
  return (
    <>
      <h1 className="bf-step-title">{title}</h1>
      <MandatoryNote />
    </>
  );
}
