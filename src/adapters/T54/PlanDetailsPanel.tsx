import { useEffect, useState, useSyncExternalStore } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { ageLabel } from '../../../engine/validation/age.ts';
import { EditDetailsPopup } from './EditDetailsPopup.tsx';
import { JointLifePopup } from './JointLifePopup.tsx';
import { PreviousQuotes } from './PreviousQuotes.tsx';
import { QuotePanel } from './QuotePanel.tsx';

/**
 * Plan details extras (spec 02 §2.5, §4.5): choosing Joint opens the joint-life popup,
 * choosing Single drops the second life and sets buyFor back to Myself; the live quote.
 */
export function PlanDetailsPanel(props: StepPanelProps) {
  const { store } = props;
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const category = (state.planDetails as Record<string, unknown>).category;
  const insured = state.basicDetails.insuredPerson ?? {};
  const hasJointLife = Object.keys(insured).length > 0;
  const [editing, setEditing] = useState(false);
  const [editingDetails, setEditingDetails] = useState(false);
  const holder = state.basicDetails.policyHolder as Record<string, unknown>;

  useEffect(() => {
    if (category === 'Single' && (hasJointLife || state.basicDetails.policyHolder.buyFor === 'Joint Life')) {
      store.dispatch({ type: 'setAt', pointer: '/basicDetails/insuredPerson', value: {} });
      store.dispatch({ type: 'updateBasicDetails', userType: 'policyHolder', data: { buyFor: 'Myself' } });
    }
  }, [category, hasJointLife, state.basicDetails.policyHolder.buyFor, store]);

  const popupOpen = category === 'Joint' && (!hasJointLife || editing);
  return (
    <>
      <p className="bf-holder-summary">
        For <strong>{String(holder.fullName ?? '')}</strong>, {ageLabel(holder.dateOfBirth) ?? ''},{' '}
        {String(holder.gender ?? '')}{' '}
        <button type="button" className="bf-link-button" onClick={() => setEditingDetails(true)}>
          Edit details
        </button>
      </p>
      {category === 'Joint' && hasJointLife && (
        <p className="bf-joint-summary">
          Joint life: <strong>{String((insured as Record<string, unknown>).fullName ?? '')}</strong> (
          {String((insured as Record<string, unknown>).relation ?? '')}){' '}
          <button type="button" className="bf-link-button" onClick={() => setEditing(true)}>
            Edit<span className="bf-visually-hidden"> joint life</span>
          </button>
        </p>
      )}
      <QuotePanel {...props} />
      <PreviousQuotes {...props} />
      {popupOpen && <JointLifePopup plan={props.plan} store={store} onClose={() => setEditing(false)} />}
      {editingDetails && (
        <EditDetailsPopup plan={props.plan} store={store} onClose={() => setEditingDetails(false)} />
      )}
    </>
  );
}
