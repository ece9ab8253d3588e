import { journeyBase, plans } from './planRegistry.ts';
import { BrandBar } from './BrandBar.tsx';
import type { PlanCard } from '../plans/planSummary.ts';

// The cards' copy of every plan: in this page's own chunk, not in the entry every journey loads.
const cards = new Map(
  Object.values(
    import.meta.glob<PlanCard>('../../schemas/plans/*/plan.json', {
      eager: true,
      import: 'default',
      query: '?card',
    }),
  ).map((card) => [card.productId, card]),
);

/** `/`: every configured plan, each linking to its journey. */
export function Catalogue() {
  return (
    <>
      <BrandBar />
      <main className="bf-page bf-catalogue">
        <section className="bf-hero">
          <h1>Buy a life insurance plan online in minutes</h1>
          <p>
            Share a few details, see your quote instantly, review and pay. Resume anytime from any device.
          </p>
        </section>
        <ul className="bf-plan-list">
          {plans
            .map((summary) => ({ ...summary, ...cards.get(summary.productId)! }))
            .map((plan) => (
              <li key={plan.productId} className="bf-plan-card">
                <p className="bf-plan-card__kind">{plan.kind}</p>
                <h2 className="bf-plan-card__name">{plan.productName}</h2>
                <p className="bf-plan-card__sub">{plan.subTitle}</p>
                <ul className="bf-plan-card__benefits">
                  {plan.benefits.map((benefit) => (
                    <li key={benefit}>{benefit}</li>
                  ))}
                </ul>
                {plan.discountMessage && <p className="bf-plan-card__offer">{plan.discountMessage}</p>}
                <a className="bf-button bf-button--primary" href={journeyBase(plan)}>
                  Get a quote<span className="bf-visually-hidden"> for {plan.productName}</span>
                </a>
                <p className="bf-plan-card__uin">
                  Plan code {plan.planCode} · UIN: {plan.uin}
                </p>
              </li>
            ))}
        </ul>
      </main>
    </>
  );
}
