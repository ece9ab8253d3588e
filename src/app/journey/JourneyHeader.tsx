import { useCallback, useId, useMemo, useState } from 'react';
import { useLoaded, type Needed } from '../../../engine/form/useFormReady.ts';
import type { KeptApplications } from '../../../engine/plan/adapter.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useJourneyServices } from '../../journey/JourneyServices.ts';
import type { PlanContent } from '../../plans/planContent.ts';
import { BrandBar } from '../BrandBar.tsx';
import { HelpCenterPanel, HelpCenterToggle } from './HelpCenter.tsx';
import { ResumeApplication } from './resume/ResumeApplication.tsx';
import type { ResumeAccess } from './resume/resumeCalls.ts';

/** The header's Product Brochure: the plan's PDF (another plan's where the plan reuses it). */
export function BrochureLink({
  config,
  label,
}: {
  config: Pick<LoadedPlan['config'], 'brochureOf' | 'productId'>;
  label: string | undefined;
}) {
  return (
    <a
      className="bf-header-link"
      href={`/buyonlineoauth/brochure/${config.brochureOf ?? config.productId}`}
      download
    >
      {label ?? 'Product Brochure'}
    </a>
  );
}

/**
 * The journey's header (spec 02 §2.3): Help Center, Product Brochure (another plan's where
 * the plan reuses it), Resume Application and the Quote ID once there is one.
 */
export function JourneyHeader({
  plan,
  application,
  kept,
  onResumed,
}: {
  plan: LoadedPlan;
  /** What the header shows and resumes with: the Quote ID and its capability. */
  application: Pick<ApplicationState, 'applicationNumber' | 'capability'>;
  kept: KeptApplications | undefined;
  onResumed: (saved: Record<string, unknown>, access: ResumeAccess) => void;
}) {
  const { config } = plan;
  const content = plan.content as PlanContent | undefined;
  const { api } = useJourneyServices();
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  // The Help Center's answers come with the plan's later forms (they are below every first screen):
  // the panel opens at once, busy until they are in, with a retry if they cannot come.
  const answers = useMemo<Needed>(
    () => ({ loaded: () => Boolean(content?.helpCenter), load: () => plan.loadForms() }),
    [plan, content],
  );
  const answersReadiness = useLoaded(helpOpen ? answers : undefined);
  const toggleHelp = useCallback(() => setHelpOpen((open) => !open), []);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  return (
    <>
      <BrandBar>
        {content?.header?.helpCenter && (
          <HelpCenterToggle
            label={content.header.helpCenter}
            open={helpOpen}
            controls={helpId}
            onToggle={toggleHelp}
          />
        )}
        <BrochureLink config={config} label={content?.header?.brochure} />
        <ResumeApplication
          plan={plan}
          session={application}
          label={content?.header?.resumeApplication ?? 'Resume Application'}
          kept={kept}
          onResumed={onResumed}
          api={api}
        />
        {application.applicationNumber && (
          <span className="bf-quote-id">
            Quote ID: <strong>{application.applicationNumber}</strong>
          </span>
        )}
      </BrandBar>
      {helpOpen && content?.header?.helpCenter && (
        <HelpCenterPanel
          id={helpId}
          title={content.header.helpCenter}
          content={answersReadiness.ready ? content.helpCenter : undefined}
          failed={answersReadiness.failed}
          onRetry={answersReadiness.retry}
          onClose={closeHelp}
        />
      )}
    </>
  );
}
