import { useCallback } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { PopupForm } from '../../../engine/form/PopupForm.tsx';
import type { StepData } from '../../../engine/form/StepForm.tsx';
import { templates, widgets } from '../../../widgets/registry.ts';

/** Where the joint-life choice lives and what it is called (plan.json panel params). */
export interface JointLifeSettings {
  popup: string;
  category: string;
  joint: string;
  single: string;
  buyFor: string;
}

/**
 * The joint-life popup (spec 02 §2.5, §4.5): the second life's relationship, name, date of
 * birth and gender (set from the relationship). Adding sets buyFor 'Joint Life'; cancelling
 * before a joint life is added reverts the category to Single.
 */
export function JointLifePopup({
  plan,
  store,
  onClose,
  settings,
}: Pick<StepPanelProps, 'plan' | 'store'> & { onClose: () => void; settings: JointLifeSettings }) {
  const added = useStoreSelector(
    store,
    useCallback(
      (state: ApplicationState) =>
        state.basicDetails.policyHolder.buyFor === settings.buyFor &&
        Object.keys(state.basicDetails.insuredPerson ?? {}).length > 0,
      [settings],
    ),
  );

  const cancel = useCallback(() => {
    if (!added) store.dispatch({ type: 'setAt', pointer: settings.category, value: settings.single });
    onClose();
  }, [added, onClose, settings, store]);

  const submit = useCallback(
    (data: StepData) => {
      store.dispatch({ type: 'setAt', pointer: '/basicDetails/insuredPerson', value: data.insuredPerson });
      store.dispatch({
        type: 'updateBasicDetails',
        userType: 'policyHolder',
        data: { buyFor: settings.buyFor },
      });
      store.dispatch({ type: 'setAt', pointer: settings.category, value: settings.joint });
      onClose();
    },
    [onClose, settings, store],
  );

  return (
    <PopupForm
      popup={plan.popups[settings.popup]!}
      // The popup's draft starts from the application as it opens (PopupForm reads it once).
      application={store.getState()}
      widgets={widgets}
      templates={templates}
      onSubmit={submit}
      onCancel={cancel}
    />
  );
}
