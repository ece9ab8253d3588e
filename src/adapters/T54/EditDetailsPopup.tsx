import { useCallback, useState, useSyncExternalStore } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { PopupForm } from '../../../engine/form/PopupForm.tsx';
import type { StepData } from '../../../engine/form/StepForm.tsx';
import { templates, widgets } from '../../../widgets/registry.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { browserApi } from '../../api/browserApi.ts';
import { splitName } from './basicDetailsSubmit.ts';

/** spec 02 §8: what the edit-details popup says when its save fails. */
export const EDIT_FAILED = 'API Gateway Connection Timeout';

/**
 * The edit-details popup of plan details (spec 02 §2.5): the basic details form again; a
 * save updates the application (the quote then follows the new age or gender).
 */
export function EditDetailsPopup({
  plan,
  store,
  onClose,
}: Pick<StepPanelProps, 'plan' | 'store'> & { onClose: () => void }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = useCallback(
    async (data: StepData) => {
      const current = store.getState();
      const policyHolder = {
        ...(data.policyHolder as Record<string, unknown>),
        ...splitName((data.policyHolder as Record<string, unknown>).fullName),
      };
      setBusy(true);
      setFailure(undefined);
      try {
        const saved = await browserApi().post<{ status?: string; version?: number }>(
          '/buyonlineoauth/stages/basic-details',
          {
            applicationNumber: current.applicationNumber,
            basicDetails: { ...current.basicDetails, policyHolder },
            productId: plan.config.productId,
            planCode: plan.config.planCode,
            version: current.version,
          },
          { capability: current.capability as string },
        );
        if (saved.status !== '200') throw new ApiFailure(EDIT_FAILED);
        store.dispatch({ type: 'updateBasicDetails', userType: 'policyHolder', data: policyHolder });
        store.dispatch({ type: 'updateMapping', data: { version: saved.version } });
        onClose();
      } catch (error) {
        setFailure(error instanceof ApiFailure && error.statusCode === 409 ? error.message : EDIT_FAILED);
      } finally {
        setBusy(false);
      }
    },
    [onClose, plan, store],
  );

  return (
    <PopupForm
      popup={plan.popups['edit-details']!}
      application={state}
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
