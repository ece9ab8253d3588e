import { useCallback, useEffect, useMemo, useState } from 'react';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { JointLifePopup, type JointLifeSettings } from './JointLifePopup.tsx';
import type { SharedPanelProps } from './panelTypes.ts';

/** The params the panel needs (src/journey/panels/panelParams.json lists them for plans:validate). */
const SETTINGS = ['popup', 'category', 'joint', 'single', 'buyFor'] as const;

function jointLifeSettings(params: Record<string, unknown>): JointLifeSettings {
  const missing = SETTINGS.filter((key) => typeof params[key] !== 'string');
  if (missing.length) throw new Error(`The jointLife panel needs the params ${missing.join(', ')}`);
  return Object.fromEntries(SETTINGS.map((key) => [key, params[key]])) as unknown as JointLifeSettings;
}

const insuredOf = (state: ApplicationState) => state.basicDetails.insuredPerson;
const buyForOf = (state: ApplicationState) => state.basicDetails.policyHolder.buyFor;

/**
 * A second life on the plan (spec 02 §2.5, §4.5): choosing the joint category opens the
 * joint-life popup; choosing single drops the second life and sets buyFor back to Myself.
 * Params (plan.json, all required): popup, category (a pointer), the joint and single values
 * of the category, and the buyFor value that marks the insured person as the second life.
 */
export function JointLife({ plan, store, params }: SharedPanelProps) {
  const settings = useMemo(() => jointLifeSettings(params), [params]);
  const category = useStoreSelector(
    store,
    useCallback((state: ApplicationState) => getByPointer(state, settings.category), [settings]),
  );
  const insured = (useStoreSelector(store, insuredOf) ?? {}) as Record<string, unknown>;
  const buyFor = useStoreSelector(store, buyForOf);
  // The insured person is a joint life only while buyFor says so: otherwise it is someone
  // else the plan covers (an organisation's annuitant), which this panel leaves alone.
  const hasJointLife = buyFor === settings.buyFor && Object.keys(insured).length > 0;
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (category === settings.single && buyFor === settings.buyFor) {
      store.dispatch({ type: 'setAt', pointer: '/basicDetails/insuredPerson', value: {} });
      store.dispatch({ type: 'updateBasicDetails', userType: 'policyHolder', data: { buyFor: 'Myself' } });
    }
  }, [category, buyFor, settings, store]);

  const popupOpen = category === settings.joint && (!hasJointLife || editing);
  return (
    <>
      {category === settings.joint && hasJointLife && (
        <p className="bf-joint-summary">
          Joint life: <strong>{String(insured.fullName ?? '')}</strong> ({String(insured.relation ?? '')}){' '}
          <button type="button" className="bf-link-button" onClick={() => setEditing(true)}>
            Edit<span className="bf-visually-hidden"> joint life</span>
          </button>
        </p>
      )}
      {popupOpen && plan.popups[settings.popup] && (
        <JointLifePopup plan={plan} store={store} settings={settings} onClose={() => setEditing(false)} />
      )}
    </>
  );
}
