import { useSyncExternalStore } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { browserApi } from '../../api/browserApi.ts';
import { formatIndianAmount } from '../../../widgets/amountInput.ts';
import { useQuote } from './useQuote.ts';
import { PER_FREQUENCY } from './frequencyWords.ts';

/** Plan details: the live quote — the pension the visitor gets for what they pay (spec 02 §2.5). */
export function QuotePanel(props: StepPanelProps) {
  const status = useQuote(props, browserApi);
  const state = useSyncExternalStore(props.store.subscribe, props.store.getState);
  const plan = state.planDetails as Record<string, unknown>;
  const response = plan.response as Record<string, number> | undefined;
  return (
    <section className="bf-quote" aria-live="polite" aria-busy={status.kind === 'loading'}>
      {status.kind === 'failed' ? (
        <p className="bf-quote__error" role="alert">
          {status.message}
        </p>
      ) : status.kind === 'idle' ? (
        <p className="bf-quote__pending">Complete your plan details above to see your pension.</p>
      ) : status.kind === 'loading' || !response ? (
        <p className="bf-quote__pending">
          <span className="bf-loader__spinner bf-loader__spinner--small" aria-hidden="true" /> Calculating
          your pension…
        </p>
      ) : (
        <dl className="bf-quote__figures">
          <div>
            <dt>You Get</dt>
            <dd>
              <strong>₹ {formatIndianAmount(response.annuityInstallmentAmount ?? 0)}</strong>{' '}
              {PER_FREQUENCY[String(plan.annuityFrequency)] ?? ''}
            </dd>
          </div>
          <div>
            <dt>You Pay</dt>
            <dd>
              ₹ {formatIndianAmount(response.installmentPremiumWithTaxFY ?? 0)}{' '}
              {PER_FREQUENCY[String(plan.investmentFrequency)] ?? ''} for {String(plan.premiumPayingTerm)}{' '}
              years
            </dd>
          </div>
          <div className="bf-quote__id">
            <dt>Quote reference</dt>
            <dd>{String(plan.quoteNumber ?? '')}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
