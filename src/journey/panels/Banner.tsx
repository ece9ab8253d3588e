import { useCallback } from 'react';
import type { Condition } from '../../../engine/plan/types.ts';
import { holds } from '../../../engine/plan/conditions.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import type { SharedPanelProps } from './panelTypes.ts';

/**
 * A message the plan shows while a condition holds (e.g. the staff congratulations).
 * `{offer:<id>}` in the text is that offer's percentage from plan.json, so the figure is
 * written once.
 */
export function Banner({ plan, store, params }: SharedPanelProps) {
  const when = params.when as Condition | undefined;
  const shown = useStoreSelector(
    store,
    useCallback((state: ApplicationState) => holds(when, state), [when]),
  );
  if (!shown) return null;
  const text = String(params.text ?? '').replace(/\{offer:([\w-]+)\}/g, (_, id: string) => {
    const offer = plan.config.offers.find((item) => item.id === id);
    return String(offer?.annuityBonusPercent ?? offer?.discountPercent ?? '');
  });
  return (
    <p className="bf-banner bf-banner--success" role="status">
      {text}
    </p>
  );
}
