import { useCallback, useSyncExternalStore } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { PopupForm } from '../../../engine/form/PopupForm.tsx';
import type { StepData } from '../../../engine/form/StepForm.tsx';
import { templates, widgets } from '../../../widgets/registry.ts';

/**
 * The joint-life popup (spec 02 §2.5, §4.5): the second life's relationship, name, date of
 * birth and gender (set from the relationship). Adding sets buyFor 'Joint Life'; cancelling
 * before a joint life is added reverts the category to Single.
 */
export function JointLifePopup({
  plan,
  store,
  onClose,
}: Pick<StepPanelProps, 'plan' | 'store'> & { onClose: () => void }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const added = Object.keys(state.basicDetails.insuredPerson ?? {}).length > 0;

  const cancel = useCallback(() => {
    if (!added) store.dispatch({ type: 'setAt', pointer: '/planDetails/category', value: 'Single' });
    onClose();
  }, [added, onClose, store]);

  const submit = useCallback(
    (data: StepData) => {
      store.dispatch({ type: 'setAt', pointer: '/basicDetails/insuredPerson', value: data.insuredPerson });
      store.dispatch({
        type: 'updateBasicDetails',
        userType: 'policyHolder',
        data: { buyFor: 'Joint Life' },
      });
      store.dispatch({ type: 'setAt', pointer: '/planDetails/category', value: 'Joint' });
      onClose();
    },
    [onClose, store],
  );

  return (
    <PopupForm
      popup={plan.popups['joint-life']!}
      application={state}
      widgets={widgets}
      templates={templates}
      onSubmit={submit}
      onCancel={cancel}
    />
  );
}
