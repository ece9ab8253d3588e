import { useState } from 'react';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { ageLabel } from '../../../engine/validation/age.ts';
import { lifeAssured } from '../quote/quoteRequest.ts';
import { EditDetailsPopup } from './EditDetailsPopup.tsx';
import type { SharedPanelProps } from './panelTypes.ts';

/** Whose life the plan is priced on (name, age, gender), with the edit-details popup (spec 02 §2.5). */
export function HolderSummary({ plan, store }: SharedPanelProps) {
  // The life the quote prices: the holder, or whom they buy for (an organisation's annuitant).
  // The person is an object of the state, the same one until that person's details change.
  const holder = useStoreSelector(store, lifeAssured);
  const [editing, setEditing] = useState(false);
  const canEdit = Boolean(plan.popups['edit-details']);
  return (
    <>
      <p className="bf-holder-summary">
        For <strong>{String(holder.fullName ?? '')}</strong>, {ageLabel(holder.dateOfBirth) ?? ''},{' '}
        {String(holder.gender ?? '')}{' '}
        {canEdit && (
          <button type="button" className="bf-link-button" onClick={() => setEditing(true)}>
            Edit details
          </button>
        )}
      </p>
      {editing && <EditDetailsPopup plan={plan} store={store} onClose={() => setEditing(false)} />}
    </>
  );
}
