import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { StepForm, type StepData } from '../../../engine/form/StepForm.tsx';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import { formValidator } from '../../../engine/validation/createFormValidator.ts';
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
  const popup = plan.popups['joint-life']!;
  const state = useSyncExternalStore(store.subscribe, store.getState);
  // The popup edits a draft; the application changes only when the visitor adds the joint life.
  const [draft, setDraft] = useState<StepData>(() =>
    Object.fromEntries(
      Object.entries(popup.definition.bind).map(([field, pointer]) => [
        field,
        getByPointer(state, pointer) ?? {},
      ]),
    ),
  );
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

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && cancel();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [cancel]);

  const validator = useMemo(() => formValidator(), []);
  // A portal: the popup's form must not sit inside the plan-details form.
  return createPortal(
    <div className="bf-modal-backdrop">
      <div
        className="bf-modal bf-modal--form"
        role="dialog"
        aria-modal="true"
        aria-label={String(popup.schema.title ?? 'Joint life')}
      >
        <StepForm
          step={popup}
          formData={draft}
          validator={validator}
          widgets={widgets}
          templates={templates}
          onChange={setDraft}
          onSubmit={submit}
        >
          <button type="button" className="bf-button bf-button--secondary bf-modal__cancel" onClick={cancel}>
            Cancel
          </button>
        </StepForm>
      </div>
    </div>,
    document.body,
  );
}
