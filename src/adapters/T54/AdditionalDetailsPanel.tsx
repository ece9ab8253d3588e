import { useSyncExternalStore } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { QuotePanel } from './QuotePanel.tsx';

/** Additional details: the staff congratulations (2.5% extra annuity) and the footer quote (spec 02 §2.6). */
export function AdditionalDetailsPanel(props: StepPanelProps) {
  const state = useSyncExternalStore(props.store.subscribe, props.store.getState);
  const primary = ((state.personalDetails as Record<string, unknown>).primary ?? {}) as Record<
    string,
    unknown
  >;
  const staff = (primary.indiaFirstStaff ?? {}) as Record<string, unknown>;
  const bonus = props.plan.config.offers.find((offer) => offer.id === 'staff')?.annuityBonusPercent;
  return (
    <>
      {staff.status === 'Y' && (
        <p className="bf-banner bf-banner--success" role="status">
          Congratulations! As an employee you get {bonus ?? 2.5}% additional annuity.
        </p>
      )}
      <QuotePanel {...props} />
    </>
  );
}
