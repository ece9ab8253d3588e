import { useCallback, useEffect, useRef, useState } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { formatRupees, parseRupees } from '../../shared/rupees.ts';
import { useJourneyServices } from '../JourneyServices.ts';
import { MESSAGES } from '../messages.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { ErrorPopup } from '../ErrorPopup.tsx';
import type { PlanContent } from '../../plans/planContent.ts';
import { savePayLater } from './paymentCalls.ts';
import { refreshApplication } from './refreshApplication.ts';

/** Spec 02 §9: the pause before the pay-later redirect. */
const PAY_LATER_DELAY_MS = 100;

type Fields = Record<string, unknown>;

const premiumOf = (state: ApplicationState) =>
  (((state.planDetails as Fields).response ?? {}) as Fields).installmentPremiumWithTaxFY;

/**
 * The make-payment screen's own part, for any plan (spec 02 §2.8, §4.7): the premium
 * payable now, Pay Later, and — when the gateway sent the visitor back with a failed
 * transaction (?txnid=) — the 'Transaction Failed' modal with Retry and Skip (pay later).
 * The outcome is read back from the server, never from the address bar.
 */
export function MakePaymentPanel({ plan, store, follow }: StepPanelProps) {
  const { api } = useJourneyServices();
  const copy = (plan.content as PlanContent | undefined)!.payment;
  // What the gateway will charge, paise included (the server sends the same stored figure).
  const premium = parseRupees(useStoreSelector(store, premiumOf));
  const [failedPayment, setFailedPayment] = useState<Fields>();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<'idle' | 'checking' | 'saving'>('idle');
  const [message, setMessage] = useState<string>();
  const handled = useRef(false);

  // Back from the gateway's page (the browser's back-forward cache): nothing is under way any more.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setStatus('idle');
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // Back from the gateway: what happened is what the server recorded for that transaction.
  useEffect(() => {
    const txnid = new URLSearchParams(window.location.search).get('txnid');
    if (!txnid || handled.current) return;
    handled.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete('txnid');
    window.history.replaceState(window.history.state, '', url);
    setStatus('checking');
    refreshApplication(api, store, plan.config.productId).then(
      (fresh) => {
        setStatus('idle');
        const payment = fresh.paymentDetails as Fields;
        // Paid, or a Bima-ASBA mandate recorded (this one or an earlier one still waiting in
        // the UPI app): the machine routes it like a resume, to payment-success.
        if (payment.status === 'success' || payment.basbastatus) follow('RESUME');
        else if (payment.txnid !== txnid) return;
        else if (payment.status === 'failure' && payment.payLater !== true) setFailedPayment(payment);
        else if (payment.status === 'pending') setPending(true);
      },
      (error: unknown) => {
        setStatus('idle');
        setMessage(error instanceof ApiFailure ? error.message : MESSAGES.notProcessed);
      },
    );
  }, [api, follow, plan.config.productId, store]);

  const payLater = useCallback(async () => {
    setFailedPayment(undefined);
    setMessage(undefined);
    setStatus('saving');
    try {
      await savePayLater(api, store, plan.config.planCode);
    } catch (error) {
      setStatus('idle');
      setMessage(
        error instanceof ApiFailure && error.statusCode === 409 ? error.message : MESSAGES.notProcessed,
      );
      return;
    }
    setTimeout(() => follow('PAY_LATER'), PAY_LATER_DELAY_MS);
  }, [api, follow, plan.config.planCode, store]);

  const retry = useCallback(() => setFailedPayment(undefined), []);

  return (
    <div className="bf-payment-panel">
      {premium !== undefined && premium > 0 && (
        <p className="bf-payment-panel__amount">
          <span>{copy.amountLabel}</span> <strong>{formatRupees(premium)}</strong>
        </p>
      )}
      <p className="bf-payment-panel__note">{copy.gatewayNote}</p>
      {status === 'checking' && (
        <p role="status" className="bf-inline-status">
          Checking your payment…
        </p>
      )}
      {pending && (
        <p role="status" className="bf-payment-panel__pending">
          {copy.pending}
        </p>
      )}
      {message && (
        <p role="alert" className="bf-field-error">
          {message}
        </p>
      )}
      <div className="bf-payment-panel__later">
        <span>{copy.payLaterNote}</span>
        <button
          type="button"
          className="bf-button bf-button--secondary"
          onClick={payLater}
          disabled={status !== 'idle'}
          aria-busy={status === 'saving' || undefined}
        >
          {status === 'saving' ? 'Saving…' : copy.payLater}
        </button>
      </div>
      {failedPayment && (
        <ErrorPopup
          title={copy.failed.title}
          message={copy.failed.text}
          onClose={retry}
          details={
            <dl className="bf-payment-failure">
              <div>
                <dt>{copy.failed.reasonLabel}</dt>
                <dd>{copy.failed.reason}</dd>
              </div>
              {typeof failedPayment.mihpayid === 'string' && failedPayment.mihpayid && (
                <div>
                  <dt>{copy.failed.paymentIdLabel}</dt>
                  <dd>{failedPayment.mihpayid}</dd>
                </div>
              )}
            </dl>
          }
          actions={
            <>
              <button type="button" className="bf-button bf-button--primary" onClick={retry}>
                {copy.failed.retry}
              </button>
              <button type="button" className="bf-button bf-button--secondary" onClick={payLater}>
                {copy.failed.skip}
              </button>
            </>
          }
        />
      )}
    </div>
  );
}
