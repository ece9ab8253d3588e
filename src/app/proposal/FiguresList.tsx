import { useId } from 'react';
import type { ProposalContent } from '../../plans/proposalContent.ts';
import type { ApplicationFigures, Instalment } from './applicationFigures.ts';
import { formatRupees } from '../../shared/rupees.ts';

function Row({ label, value }: { label: string; value?: string }) {
  if (!value) return null;
  return (
    <div className="bf-summary__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The application's numbers, plan and figures, each row only where the application has it. */
export function FiguresList({
  figures,
  planName,
  copy,
  withPayment = false,
}: {
  figures: ApplicationFigures;
  planName: string;
  copy: ProposalContent;
  /** Shows the payment id too (a settled payment). */
  withPayment?: boolean;
}) {
  const id = useId();
  const labels = copy.figures;
  const instalment = (value?: Instalment) =>
    value &&
    [formatRupees(value.amount), value.frequency && (copy.frequencyWords[value.frequency] ?? value.frequency)]
      .filter(Boolean)
      .join(' ');
  return (
    <section className="bf-summary bf-proposal__figures" aria-labelledby={id}>
      <header>
        <h2 id={id}>{labels.title}</h2>
      </header>
      <dl>
        <Row label={labels.applicationNumber} value={figures.applicationNumber} />
        <Row label={labels.quoteId} value={figures.quoteId} />
        <Row label={labels.plan} value={[planName, figures.planOption].filter(Boolean).join(' — ')} />
        <Row label={labels.premium} value={instalment(figures.premium)} />
        <Row label={labels.annuity} value={instalment(figures.annuity)} />
        {withPayment && <Row label={labels.paymentId} value={figures.paymentId} />}
      </dl>
    </section>
  );
}
