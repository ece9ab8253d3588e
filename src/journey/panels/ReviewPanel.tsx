import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { Condition, LoadedPlan } from '../../../engine/plan/types.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { downloadBenefitIllustration } from '../../api/benefitIllustration.ts';
import { holds } from '../../../engine/plan/conditions.ts';
import { formatValue, type OptionsSource, type ValueFormat } from '../formatValue.ts';
import { useJourneyServices } from '../JourneyServices.ts';
import { quoteInputsKey } from '../quote/quoteRequest.ts';
import { QUOTE_FAILED, type QuoteSections } from '../quote/requestQuote.ts';
import type { SharedPanelProps } from './panelTypes.ts';
import { Rows } from './Rows.tsx';
import { TermsPopup } from './TermsPopup.tsx';

/** One reviewed value, as plan data declares it. */
export interface ReviewRow {
  label: string;
  pointer: string;
  format?: ValueFormat;
  options?: OptionsSource;
  when?: Condition;
}

/** One reviewed section: its rows and the route its Edit link goes back to. */
export interface ReviewSection {
  title: string;
  edit?: string;
  when?: Condition;
  rows: ReviewRow[];
}

function SummaryCard({
  title,
  onEdit,
  children,
}: {
  title: string;
  onEdit?: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="bf-summary" aria-labelledby={id}>
      <header>
        <h2 id={id}>{title}</h2>
        {onEdit && (
          <button type="button" className="bf-link-button" onClick={onEdit}>
            Edit<span className="bf-visually-hidden"> {title.toLowerCase()}</span>
          </button>
        )}
      </header>
      <dl>{children}</dl>
    </section>
  );
}

/** The route of the machine state that shows a step (its meta.step), if any. */
function routeOfStep(plan: LoadedPlan, stepId: string | undefined): string | undefined {
  const states = (plan.machine as { states?: Record<string, { meta?: { step?: string; route?: string } }> })
    .states;
  return Object.values(states ?? {}).find((state) => state.meta?.step === stepId)?.meta?.route;
}

/** Every place of the application the review shows or decides by (the quote's place among them). */
function reviewReads(sections: ReviewSection[]): string[] {
  const pointers = sections.flatMap((section) => [
    section.when?.scope,
    ...section.rows.flatMap((row) => [
      row.when?.scope,
      row.pointer,
      row.pointer.replace(/[^/]+$/, 'countryCode'),
    ]),
  ]);
  return [...new Set(['/planDetails', ...pointers.filter((pointer) => pointer !== undefined)])];
}

const itself = (state: ApplicationState) => state;
const NO_SECTIONS: ReviewSection[] = [];

/** The place this session remembers which quote's illustration it has downloaded by itself. */
const DOWNLOADED = '/illustrationDownloadedFor';

/**
 * Review (spec 02 §2.7) for any plan: the sections and rows the plan declares, what the
 * visitor pays and gets (the quote's rows), the terms and the benefit illustration, which
 * downloads by itself once per quote (not each time the review opens).
 */
export function ReviewPanel({ plan, store, goTo, params }: SharedPanelProps) {
  const { api } = useJourneyServices();
  const sections = (params.sections ?? NO_SECTIONS) as ReviewSection[];
  // The application as it was when something the review reads last changed: the review step's
  // own form (the declarations, the terms) does not re-render it.
  const sameForReview = useMemo(() => {
    const reads = reviewReads(sections);
    return (a: ApplicationState, b: ApplicationState) =>
      reads.every((pointer) => getByPointer(a, pointer) === getByPointer(b, pointer)) &&
      quoteInputsKey(a, plan.config) === quoteInputsKey(b, plan.config);
  }, [sections, plan]);
  const state = useStoreSelector(store, itself, sameForReview);
  const details = state.planDetails as Record<string, unknown>;
  const response = (details.response ?? {}) as QuoteSections;
  const content = (plan.content ?? {}) as { termsAndConditions?: { title: string; paragraphs: string[] } };
  const [showTerms, setShowTerms] = useState(false);
  const [bi, setBi] = useState<{ kind: 'idle' | 'loading' | 'done' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });

  const download = useCallback(async () => {
    setBi({ kind: 'loading' });
    try {
      await downloadBenefitIllustration(api, store.getState());
      setBi({ kind: 'done' });
    } catch (error) {
      setBi({ kind: 'failed', message: error instanceof ApiFailure ? error.message : QUOTE_FAILED });
    }
  }, [api, store]);

  // spec 02 §2.7: the benefit illustration downloads by itself when the review opens, once per quote.
  const quoteNumber = String(details.quoteNumber ?? '');
  // A quote made before the details changed (an edit, then a jump here) is not this plan's:
  // its figures and illustration are not shown, and the visitor is sent to get a new one.
  const fresh = details.quotedFor === quoteInputsKey(state, plan.config);
  const quoteStep = routeOfStep(plan, plan.config.quote?.steps.at(-1));
  useEffect(() => {
    if (!fresh || !quoteNumber || getByPointer(store.getState(), DOWNLOADED) === quoteNumber) return;
    // After the review has painted; remembered in the session, so a reload does not repeat it.
    const timer = setTimeout(() => {
      store.dispatch({ type: 'setAt', pointer: DOWNLOADED, value: quoteNumber });
      void download();
    }, 0);
    return () => clearTimeout(timer);
  }, [fresh, quoteNumber, download, store]);

  return (
    <div className="bf-review">
      {sections
        .filter((section) => holds(section.when, state))
        .map((section) => ({
          section,
          // A review shows what was entered: a field left empty (an optional one) has no row.
          rows: section.rows
            .filter((row) => holds(row.when, state))
            .map((row) => {
              const value = getByPointer(state, row.pointer);
              const countryCode = getByPointer(state, row.pointer.replace(/[^/]+$/, 'countryCode'));
              return {
                row,
                shown: formatValue(value, row.format, { plan, options: row.options, countryCode }),
              };
            })
            .filter(({ shown }) => shown !== ''),
        }))
        // …and a section with nothing entered has no card.
        .filter(({ rows }) => rows.length > 0)
        .map(({ section, rows }) => (
          <SummaryCard
            key={section.title}
            title={section.title}
            onEdit={section.edit !== undefined ? () => goTo(section.edit!) : undefined}
          >
            {rows.map(({ row, shown }) => (
              <div className="bf-summary__row" key={row.label}>
                <dt>{row.label}</dt>
                <dd>{shown}</dd>
              </div>
            ))}
          </SummaryCard>
        ))}
      {fresh ? (
        <section className="bf-pay-get" aria-label="What you pay and what you get">
          <div>
            <h3>You Pay</h3>
            <Rows rows={response.youPay} className="bf-pay-get__rows" />
          </div>
          <div>
            <h3>You Get</h3>
            <Rows rows={response.youGet} className="bf-pay-get__rows" />
          </div>
        </section>
      ) : (
        <div className="bf-banner" role="alert">
          <p>
            Your details have changed since your last quote. Please check your plan to see your new quote.
          </p>
          {quoteStep !== undefined && (
            <button type="button" className="bf-button bf-button--secondary" onClick={() => goTo(quoteStep)}>
              Check my plan
            </button>
          )}
        </div>
      )}
      <p className="bf-review__links">
        <button
          type="button"
          className="bf-link-button"
          onClick={() => void download()}
          disabled={bi.kind === 'loading' || !fresh}
        >
          {bi.kind === 'loading' ? 'Preparing Benefit Illustration…' : 'Download Benefit Illustration'}
        </button>
        {content.termsAndConditions && (
          <button type="button" className="bf-link-button" onClick={() => setShowTerms(true)}>
            Read the Terms &amp; Conditions
          </button>
        )}
      </p>
      {bi.kind === 'failed' && (
        <p className="bf-quote__error" role="alert">
          {bi.message}
        </p>
      )}
      {showTerms && content.termsAndConditions && (
        <TermsPopup
          title={content.termsAndConditions.title}
          paragraphs={content.termsAndConditions.paragraphs}
          onClose={() => setShowTerms(false)}
        />
      )}
    </div>
  );
}
