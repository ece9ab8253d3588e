import { formatIndianAmount } from '../../../widgets/amountInput.ts';
import type { PlanContent } from '../../plans/planContent.ts';

/**
 * The landing sections under a plan's first step (spec 02 §1): benefit cards, the
 * 'Visualize your plan' example, the how-to-buy guide and the claims record, all from the
 * plan's content file.
 */
export function LandingSections({ content }: { content: PlanContent['landing'] }) {
  const { visualize, howToBuy, claims } = content;
  return (
    <div className="bf-landing">
      <section className="bf-landing__section" aria-labelledby="bf-benefits-title">
        <h2 id="bf-benefits-title">{content.benefitCardsTitle}</h2>
        <ul className="bf-benefit-cards">
          {content.benefitCards.map((card, index) => (
            <li key={card.id} className="bf-benefit-card">
              <span className="bf-benefit-card__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{card.title}</h3>
              <p>{card.body}</p>
            </li>
          ))}
        </ul>
      </section>

      {visualize && (
        <section className="bf-landing__section bf-visualize" aria-labelledby="bf-visualize-title">
          <h2 id="bf-visualize-title">{visualize.title}</h2>
          <ol className="bf-visualize__timeline">
            <li>
              <span className="bf-visualize__label">{visualize.labels.premium}</span>
              <strong>₹ {formatIndianAmount(visualize.premium)}</strong>
              <span>
                {visualize.premiumFrequency.toLowerCase()} for {visualize.premiumYears} years, from age{' '}
                {visualize.entryAge}
              </span>
            </li>
            <li>
              <span className="bf-visualize__label">{visualize.labels.payout}</span>
              <strong>₹ {formatIndianAmount(visualize.payoutPerYear)}</strong>
              <span>every year for life, from age {visualize.payoutFromAge}</span>
            </li>
            <li>
              <span className="bf-visualize__label">{visualize.labels.lumpSum}</span>
              <strong>₹ {formatIndianAmount(visualize.lumpSum)}</strong>
              <span>to your nominee, on death at age {visualize.lumpSumAtAge}</span>
            </li>
          </ol>
          <p className="bf-visualize__note">{visualize.note}</p>
        </section>
      )}

      <section className="bf-landing__section" aria-labelledby="bf-how-title">
        <h2 id="bf-how-title">{howToBuy.title}</h2>
        <ol className="bf-how-to-buy">
          {howToBuy.steps.map((step, index) => (
            <li key={step.id}>
              <span className="bf-how-to-buy__step" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="bf-landing__section bf-claims" aria-labelledby="bf-claims-title">
        <h2 id="bf-claims-title">{claims.title}</h2>
        <dl>
          <div>
            <dt>{claims.settlementRatioLabel}</dt>
            <dd>{claims.settlementRatio}</dd>
          </div>
          <div>
            <dt>{claims.claimsSettledLabel}</dt>
            <dd>{claims.claimsSettled}</dd>
          </div>
        </dl>
        <p>In {claims.period}</p>
      </section>
      <p className="bf-landing__note">{content.paymentAlertNote}</p>
    </div>
  );
}
