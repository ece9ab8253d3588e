import { useCallback, useState } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { PopupForm } from '../../../engine/form/PopupForm.tsx';
import type { StepData } from '../../../engine/form/StepForm.tsx';
import { templates, widgets } from '../../../widgets/registry.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { useJourneyServices } from '../JourneyServices.ts';
import { MESSAGES } from '../messages.ts';
import { splitName } from '../names.ts';
import { shownConsentVersions } from '../../shared/consents.ts';

/** spec 02 §8: what the edit-details popup says when its save could not reach the server. */
export const EDIT_FAILED = MESSAGES.editFailed;

/**
 * The edit-details popup of plan details (spec 02 §2.5): the basic details form again; a
 * save updates the application (the quote then follows the new age or gender).
 */
export function EditDetailsPopup({
  plan,
  store,
  onClose,
}: Pick<StepPanelProps, 'plan' | 'store'> & { onClose: () => void }) {
  const { api } = useJourneyServices();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = useCallback(
    async (data: StepData) => {
      const current = store.getState();
      const policyHolder = {
        ...(data.policyHolder as Record<string, unknown>),
        ...splitName((data.policyHolder as Record<string, unknown>).fullName),
      };
      // Every part of basic details the popup edits (the holder, and the insured person when
      // the plan's form asks for them) is saved together, as the step saves them.
      const basicDetails = {
        ...current.basicDetails,
        policyHolder,
        ...('insuredPerson' in data
          ? { insuredPerson: (data.insuredPerson ?? {}) as Record<string, unknown> }
          : {}),
      };
      setBusy(true);
      setFailure(undefined);
      try {
        const saved = await api.post<{ status?: string; version?: number }>(
          '/buyonlineoauth/stages/basic-details',
          {
            applicationNumber: current.applicationNumber,
            basicDetails,
            consentVersions: shownConsentVersions(plan),
            productId: plan.config.productId,
            planCode: plan.config.planCode,
            version: current.version,
          },
          { capability: current.capability as string },
        );
        if (saved.status !== '200') throw new ApiFailure(EDIT_FAILED);
        store.dispatch({ type: 'setAt', pointer: '/basicDetails', value: basicDetails });
        store.dispatch({ type: 'updateMapping', data: { version: saved.version } });
        onClose();
      } catch (error) {
        // A refusal the server explained (an age gap to the joint life, a paid application) is
        // shown in its words; the timeout text (spec 02 §8) only for a save that got no answer.
        setFailure(
          !(error instanceof ApiFailure) || error.statusCode === 0
            ? EDIT_FAILED
            : error.statusCode < 500
              ? (error.fieldErrors[0]?.message ?? error.message)
              : MESSAGES.notProcessed,
        );
      } finally {
        setBusy(false);
      }
    },
    [api, onClose, plan, store],
  );

  return (
    <PopupForm
      popup={plan.popups['edit-details']!}
      // The popup's draft starts from the application as it opens (PopupForm reads it once).
      application={store.getState()}
      widgets={widgets}
      templates={templates}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
    >
      {failure && (
        <p className="bf-quote__error" role="alert">
          {failure}
        </p>
      )}
    </PopupForm>
  );
}
