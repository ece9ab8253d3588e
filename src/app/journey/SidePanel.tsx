import { memo, useId, useState } from 'react';
import type { PlanConfig } from '../../../engine/plan/types.ts';

/**
 * Spec 02 §2.3 side panel: plan name, sub-title and a collapsible 'View Benefits'. Memoised:
 * the plan's config is the same object for the whole journey, so a change to the step's data
 * (the journey re-rendering) does not re-render it.
 */
export const SidePanel = memo(function SidePanel({ config }: { config: PlanConfig }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <aside className="bf-side-panel" aria-label="About this plan">
      <p className="bf-side-panel__pre">{config.brochure.preTitle}</p>
      <h2 className="bf-side-panel__name">{config.productName}</h2>
      <p className="bf-side-panel__sub">{config.subTitle}</p>
      <a
        className="bf-side-panel__brochure"
        href={`/buyonlineoauth/brochure/${config.brochureOf ?? config.productId}`}
        download
      >
        Download Brochure
      </a>
      <button
        type="button"
        className="bf-side-panel__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        View Benefits <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul id={id} className="bf-side-panel__benefits" hidden={!open}>
        {config.brochure.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {config.discountMessage && <p className="bf-side-panel__offer">{config.discountMessage}</p>}
      <p className="bf-side-panel__uin">
        Plan code {config.planCode} · UIN {config.uin}
      </p>
    </aside>
  );
});
