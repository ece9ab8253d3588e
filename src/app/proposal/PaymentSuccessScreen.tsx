import { journeyBase } from '../planRegistry.ts';
import { applicationFigures } from './applicationFigures.ts';
import { BenefitIllustrationButton } from './BenefitIllustrationButton.tsx';
import { ConsentPreferences } from './ConsentPreferences.tsx';
import { FiguresList } from './FiguresList.tsx';
import { NextSteps } from './NextSteps.tsx';
import { OutcomeMark } from './OutcomeMark.tsx';
import { OUTCOME_TONE, paymentOutcome } from './paymentOutcome.ts';
import type { ProposalForms } from './proposalForms.ts';
import type { ProposalScreenProps } from './proposalScreenProps.ts';
import { proposalEntries, routeHash } from './proposalSteps.ts';
import { isProposalOpen } from './proposalAccess.ts';
import { formatRupees } from '../../shared/rupees.ts';

/**
 * #/payment-success (spec 01 §2 success screen, spec 02 §4.7): what the payment came to —
 * paid online, blocked by a BASBA mandate, a mandate awaiting approval, or pay later —
 * with the amount, the application's numbers and figures, what happens next, and the way on
 * to the first proposal step still to do (once the proposal is open).
 */
export function PaymentSuccessScreen({
  config,
  content,
  store,
  api,
  state,
  settled: readBack,
  headingRef,
  forms,
}: ProposalScreenProps & { forms?: ProposalForms }) {
  const copy = content.proposal;
  const next =
    forms && isProposalOpen(state) && !state.journeyFlag
      ? (proposalEntries(forms, state).find((entry) => !entry.complete) ?? undefined)
      : undefined;
  const outcome = paymentOutcome(state.paymentDetails);
  const words = copy.outcomes[outcome];
  const figures = applicationFigures(state, content.planOptions);
  const settled = outcome === 'paid' || outcome === 'basbaBlocked';
  return (
    <>
      <section className="bf-card bf-proposal__card">
        <OutcomeMark tone={OUTCOME_TONE[outcome]} />
        <h1 className="bf-step-title" ref={headingRef} tabIndex={-1}>
          {words.heading}
        </h1>
        <div className={`bf-proposal__outcome bf-proposal__outcome--${OUTCOME_TONE[outcome]}`}>
          <h2>{words.title}</h2>
          <p>{words.body}</p>
          {figures.amount !== undefined && (
            <p className="bf-proposal__amount">
              <span>{words.amountLabel}</span> <strong>{formatRupees(figures.amount)}</strong>
            </p>
          )}
        </div>
        <FiguresList figures={figures} planName={config.productName} copy={copy} withPayment={settled} />
        <div className="bf-proposal__actions">
          {next && (
            <a
              className={`bf-button ${words.action ? 'bf-button--secondary' : 'bf-button--primary'}`}
              href={routeHash(next.key)}
            >
              {copy.continueProposal}
            </a>
          )}
          {words.action && (
            <a className="bf-button bf-button--primary" href={`${journeyBase(config)}make-payment`}>
              {words.action}
            </a>
          )}
          <BenefitIllustrationButton store={store} api={api} copy={copy.benefitIllustration} />
          <a
            className={`bf-button ${words.action || next ? 'bf-button--secondary' : 'bf-button--primary'}`}
            href="/"
          >
            {copy.homepage}
          </a>
        </div>
      </section>
      <NextSteps copy={copy.paymentNextSteps} />
      <ConsentPreferences store={store} api={api} settled={readBack} copy={copy.consents} />
    </>
  );
}
