import { useId } from 'react';
import { journeyBase } from '../planRegistry.ts';
import { applicationFigures } from './applicationFigures.ts';
import { fillTemplate } from './fillTemplate.ts';
import { FiguresList } from './FiguresList.tsx';
import { OUTCOME_TONE, paymentOutcome } from './paymentOutcome.ts';
import type { ProposalScreenProps } from './proposalScreenProps.ts';
import { formatRupees } from '../../shared/rupees.ts';
import { savedProgress } from './savedProgress.ts';

/**
 * A proposal step that is not open yet (#/, personal details, bank details, FATCA, document
 * upload, ...): its name, an honest note that it opens later and that the application is
 * saved, and how far the application has come. No form.
 */
export function ProgressScreen({
  config,
  content,
  state,
  headingRef,
  stepKey,
}: ProposalScreenProps & { stepKey: string }) {
  const copy = content.proposal;
  const step = copy.steps[stepKey]!;
  const listId = useId();
  const outcome = paymentOutcome(state.paymentDetails);
  const figures = applicationFigures(state, content.planOptions);
  const entries = savedProgress(copy.progress.items, state.userStage, step.stage);
  const due = outcome === 'payLater' ? copy.outcomes.payLater : undefined;
  return (
    <section className="bf-card bf-proposal__card bf-proposal__card--step">
      <h1 className="bf-step-title" ref={headingRef} tabIndex={-1}>
        {step.title}
      </h1>
      <div className="bf-proposal__outcome bf-proposal__outcome--waiting">
        <p>
          <strong>{copy.progress.laterRelease}</strong>
        </p>
        <p>{fillTemplate(copy.progress.saved, { resumeApplication: content.header.resumeApplication })}</p>
      </div>
      {due && (
        <p className="bf-proposal__due">
          <span>
            {due.amountLabel}
            {figures.amount !== undefined && <strong> {formatRupees(figures.amount)}</strong>}
          </span>
          <a className="bf-button bf-button--primary" href={`${journeyBase(config)}make-payment`}>
            {due.action}
          </a>
        </p>
      )}
      <FiguresList figures={figures} planName={config.productName} copy={copy} />
      <section className="bf-proposal__progress" aria-labelledby={listId}>
        <h2 id={listId}>{copy.progress.title}</h2>
        <ol className="bf-progress">
          {entries.map(({ item, status, here }) => {
            // A saved payment stage tells the payment's outcome: paid, or a premium still due.
            const payment = item.payment && status === 'saved';
            const look = payment && OUTCOME_TONE[outcome] !== 'done' ? OUTCOME_TONE[outcome] : status;
            return (
              <li
                key={item.label}
                className={`bf-progress__item bf-progress__item--${look}`}
                aria-current={here ? 'step' : undefined}
              >
                <span className="bf-progress__dot" aria-hidden="true" />
                <span className="bf-progress__label">{item.label}</span>
                <span className="bf-progress__status">
                  {payment ? copy.outcomes[outcome].progress : copy.progress.status[status]}
                </span>
              </li>
            );
          })}
        </ol>
      </section>
      <div className="bf-proposal__actions">
        <a className="bf-button bf-button--secondary" href="/">
          {copy.homepage}
        </a>
      </div>
    </section>
  );
}
