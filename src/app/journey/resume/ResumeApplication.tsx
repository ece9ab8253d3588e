import { useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { KeptApplications } from '../../../../engine/plan/adapter.ts';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import type { ApiClient } from '../../../api/apiClient.ts';
import { Loader } from '../Loader.tsx';
import { FormGate } from '../FormGate.tsx';
import { useLoaded, type Needed } from '../../../../engine/form/useFormReady.ts';
import type { ResumeAccess, ResumedApplication } from './resumeCalls.ts';
import { APPLICATION_NO_PARAM, useAutoResume, type ProofRequest } from './useAutoResume.ts';

/** The resume dialog's code: loaded when a visitor first opens it, not with the journey. */
const resumeDialog: { module?: typeof import('./ResumeDialog.tsx') } = {};
const loadResumeDialog = () =>
  import('./ResumeDialog.tsx').then((module) => {
    resumeDialog.module = module;
  });

/** The id of the plan popup that holds the resume form (plan.json `popups`). */
export const RESUME_POPUP = 'resume';

export interface ResumeApplicationProps {
  plan: LoadedPlan;
  /** This tab's application state (its Quote ID and capability, for the automatic resume). */
  session: { applicationNumber?: unknown; capability?: unknown };
  /** The header button's label. */
  label: string;
  kept?: KeptApplications;
  /** Takes the saved application into this tab and routes it by its stage. */
  onResumed: (saved: Record<string, unknown>, access: ResumeAccess) => void;
  api: ApiClient;
}

/**
 * The header's Resume Application button with its dialog, and the automatic resume of
 * ?applicationNo= (spec 02 §2.1, §2.3, §2.9). A resumed application joins the device's kept
 * applications. Renders nothing for a plan without a resume popup.
 */
export function ResumeApplication({ plan, session, label, kept, onResumed, api }: ResumeApplicationProps) {
  const popup = plan.popups[RESUME_POPUP];
  // The popup's validators and the dialog's code, both downloaded when it first opens.
  const dialogNeeds = useMemo<Needed | undefined>(
    () =>
      popup && {
        loaded: () => popup.validatorLoaded() && resumeDialog.module !== undefined,
        load: () => Promise.all([popup.loadValidator(), loadResumeDialog()]),
      },
    [popup],
  );
  const { productId } = plan.config;
  const [dialog, setDialog] = useState<Partial<ProofRequest>>();
  const dialogReadiness = useLoaded(dialog ? dialogNeeds : undefined);
  const [opened, setOpened] = useState(0);

  const open = useCallback((request: Partial<ProofRequest>) => {
    setOpened((count) => count + 1);
    setDialog(request);
  }, []);
  const close = useCallback(() => setDialog(undefined), []);
  const finish = useCallback(
    ({ saved, access }: ResumedApplication) => {
      setDialog(undefined);
      kept?.remember(productId, saved, access.capability);
      onResumed(saved, access);
    },
    [kept, onResumed, productId],
  );
  // Another plan's application: kept on this device with its capability, then opened on that
  // plan's page (./openElsewhere.ts, loaded then), which resumes it and routes it by its stage.
  const [leaving, setLeaving] = useState(false);
  const finishElsewhere = useCallback(
    (otherProductId: string, { saved, access }: ResumedApplication) => {
      setDialog(undefined);
      kept?.remember(otherProductId, saved, access.capability);
      setLeaving(true);
      void import('./openElsewhere.ts').then(({ openElsewhere }) =>
        openElsewhere(otherProductId, String(saved.applicationNumber ?? ''), APPLICATION_NO_PARAM),
      );
    },
    [kept],
  );
  const resuming = useAutoResume({
    api,
    productId,
    session,
    kept,
    onResumed: finish,
    onNeedsProof: popup ? open : () => undefined,
  });

  if (!popup) return null;
  return (
    <>
      <button
        type="button"
        className="bf-header-link bf-header-button"
        aria-haspopup="dialog"
        onClick={() => open({})}
      >
        {label}
      </button>
      {dialog && (
        <FormGate readiness={dialogReadiness} overlay onCancel={close}>
          {() => {
            const { ResumeDialog } = resumeDialog.module!;
            return (
              <ResumeDialog
                key={opened}
                popup={popup}
                productId={productId}
                initialData={dialog.initialData}
                initialMessage={dialog.message}
                onResumed={finish}
                onResumedElsewhere={finishElsewhere}
                onClose={close}
                api={api}
              />
            );
          }}
        </FormGate>
      )}
      {(resuming || leaving) &&
        createPortal(
          <div className="bf-busy-overlay">
            <Loader label="Opening your application" facts={plan.config.brochure.benefits} />
          </div>,
          document.body,
        )}
    </>
  );
}
