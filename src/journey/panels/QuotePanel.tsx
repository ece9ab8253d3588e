import { useId, useState } from 'react';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import type { DisplayRow } from '../../pricing/calculator.ts';
import { formatValue } from '../formatValue.ts';
import type { QuoteSections } from '../quote/requestQuote.ts';
import { useQuote } from '../quote/useQuote.ts';
import type { SharedPanelProps } from './panelTypes.ts';
import { Rows } from './Rows.tsx';

/** The first row of a side (what you get, what you pay) as the big figure under its heading. */
function Headline({ title, row }: { title: string; row: DisplayRow | undefined }) {
  if (!row) return null;
  return (
    <div data-row={row.id}>
      <dt>{title}</dt>
      <dd>
        <strong>{formatValue(row.value, row.format)}</strong>
        {row.suffix ? ` ${row.suffix}` : ''}
        <span className="bf-row-note">{row.note ?? row.label}</span>
      </dd>
    </div>
  );
}

const planDetailsOf = (state: ApplicationState) => state.planDetails as Record<string, unknown>;
const responseOf = (state: ApplicationState) => planDetailsOf(state).response as QuoteSections | undefined;
const quoteNumberOf = (state: ApplicationState) => planDetailsOf(state).quoteNumber;

/**
 * The live quote of any plan: what the visitor gets and pays (the first row of each side
 * large, the rest compact), the premium's breakup (base premium, discounts, GST) and 'how
 * we calculated this', all as the calculator's rows, so the screen, the review and the
 * benefit illustration show the same figures.
 */
export function QuotePanel({ plan, store, params }: SharedPanelProps) {
  const status = useQuote(plan, store);
  // Only the stored quote: typing in the plan's fields re-renders this through useQuote's status alone.
  const response = useStoreSelector(store, responseOf);
  const quoteNumber = useStoreSelector(store, quoteNumberOf);
  const [open, setOpen] = useState(false);
  const explanationId = useId();
  const idleText =
    typeof params.idleText === 'string'
      ? params.idleText
      : 'Complete your plan details above to see your quote.';
  const [firstGet, ...moreGet] = response?.youGet ?? [];
  const [firstPay, ...morePay] = response?.youPay ?? [];
  return (
    <section className="bf-quote" aria-live="polite" aria-busy={status.kind === 'loading'}>
      {status.kind === 'failed' ? (
        <p className="bf-quote__error" role="alert">
          {status.message}
        </p>
      ) : status.kind === 'idle' ? (
        <p className="bf-quote__pending">{idleText}</p>
      ) : status.kind === 'loading' || !response ? (
        <p className="bf-quote__pending">
          <span className="bf-loader__spinner bf-loader__spinner--small" aria-hidden="true" /> Calculating
          your quote…
        </p>
      ) : (
        <>
          <dl className="bf-quote__figures">
            <Headline title="You Get" row={firstGet} />
            <Headline title="You Pay" row={firstPay} />
          </dl>
          <Rows rows={[...moreGet, ...morePay]} className="bf-quote__more" />
          {Boolean(response.breakup?.length || response.explanation?.length) && (
            <div className="bf-quote__how">
              <button
                type="button"
                className="bf-link-button"
                aria-expanded={open}
                aria-controls={explanationId}
                onClick={() => setOpen((value) => !value)}
              >
                How we calculated this
              </button>
              <div id={explanationId} hidden={!open}>
                <h2 className="bf-quote__subtitle">Premium breakup</h2>
                <Rows rows={response.breakup} className="bf-quote__breakup" />
                <h2 className="bf-quote__subtitle">How we calculated this</h2>
                <Rows rows={response.explanation} className="bf-quote__breakup" />
              </div>
            </div>
          )}
          <p className="bf-quote__id">
            Quote reference <strong>{String(quoteNumber ?? '')}</strong>
          </p>
        </>
      )}
    </section>
  );
}
