import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { formatIndianAmount } from '../../../widgets/amountInput.ts';
import { browserApi } from '../../api/browserApi.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { downloadBenefitIllustration } from '../../api/benefitIllustration.ts';
import { toDisplayDate } from './basicDetailsSubmit.ts';
import { TermsPopup } from './TermsPopup.tsx';
import { PER_FREQUENCY } from './frequencyWords.ts';

type Fields = Record<string, unknown>;

type OptionsSchema = { $ref?: string; oneOf?: Array<{ const: string; title: string }> };

/** The occupation's visible title, from the additional-details step's own option list. */
function occupationTitle(plan: StepPanelProps['plan'], code: unknown): string {
  const schema = plan.steps['additional-details']?.schema as
    | {
        $defs?: Record<string, OptionsSchema>;
        properties?: { personalDetails?: { properties?: Record<string, OptionsSchema> } };
      }
    | undefined;
  const field = schema?.properties?.personalDetails?.properties?.occupation;
  const resolved = field?.$ref ? schema?.$defs?.[field.$ref.replace('#/$defs/', '')] : field;
  return resolved?.oneOf?.find((option) => option.const === code)?.title ?? String(code ?? '');
}

/** One reviewed section: its rows and an Edit link back to the step that changes them. */
function SummaryCard({
  title,
  onEdit,
  children,
}: {
  title: string;
  onEdit: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="bf-summary" aria-labelledby={id}>
      <header>
        <h2 id={id}>{title}</h2>
        <button type="button" className="bf-link-button" onClick={onEdit}>
          Edit<span className="bf-visually-hidden"> {title.toLowerCase()}</span>
        </button>
      </header>
      <dl>{children}</dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="bf-summary__row">
      <dt>{label}</dt>
      <dd>{value === undefined || value === '' ? '—' : String(value)}</dd>
    </div>
  );
}

/** Review (spec 02 §2.7): what the visitor chose, what they pay and get, terms and the benefit illustration. */
export function ReviewPanel({ plan, store, goTo }: StepPanelProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const holder = state.basicDetails.policyHolder as Fields;
  const details = state.planDetails as Fields;
  const response = (details.response ?? {}) as Record<string, number>;
  const primary = ((state.personalDetails as Fields).primary ?? {}) as Fields;
  const staff = (primary.indiaFirstStaff ?? {}) as Fields;
  const insured = (state.basicDetails.insuredPerson ?? {}) as Fields;
  const occupationName = occupationTitle(plan, primary.occupation);
  const content = (plan.content ?? {}) as {
    termsAndConditions?: { title: string; paragraphs: string[] };
    planOptions?: Array<{ code: string; name: string }>;
  };
  const optionName =
    content.planOptions?.find((option) => option.code === details.planOption)?.name ??
    String(details.planOption ?? '');
  const [showTerms, setShowTerms] = useState(false);
  const [bi, setBi] = useState<{ kind: 'idle' | 'loading' | 'done' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });

  const download = useCallback(async () => {
    setBi({ kind: 'loading' });
    try {
      await downloadBenefitIllustration(browserApi(), store.getState());
      setBi({ kind: 'done' });
    } catch (error) {
      setBi({
        kind: 'failed',
        message: error instanceof ApiFailure ? error.message : 'Failed to calculate quote details.',
      });
    }
  }, [store]);

  // spec 02 §2.7: the benefit illustration downloads by itself when the review opens (once per quote).
  const autoDownloaded = useRef<string | undefined>(undefined);
  useEffect(() => {
    const quote = String(details.quoteNumber ?? '');
    if (!quote || autoDownloaded.current === quote) return;
    autoDownloaded.current = quote;
    void download();
  }, [details.quoteNumber, download]);

  const bonus = plan.config.offers.find((offer) => offer.id === 'staff')?.annuityBonusPercent ?? 2.5;
  return (
    <div className="bf-review">
      <SummaryCard title="Basic Details" onEdit={() => goTo('')}>
        <Row label="Full Name" value={holder.fullName} />
        <Row label="Date of Birth" value={toDisplayDate(holder.dateOfBirth)} />
        <Row
          label="Mobile Number"
          value={`+${String(holder.countryCode ?? '91')} ${String(holder.mobileNumber ?? '')}`}
        />
        <Row label="Email ID" value={holder.emailId} />
        <Row label="Gender" value={holder.gender} />
      </SummaryCard>
      <SummaryCard title="Plan Details" onEdit={() => goTo('plan-details')}>
        <Row label="Plan Option" value={optionName} />
        <Row
          label="Investment Amount"
          value={`₹ ${String(details.investmentAmount ?? '')} ${String(details.investmentFrequency ?? '')}`}
        />
        <Row label="Premium Paying Term" value={`${String(details.premiumPayingTerm ?? '')} Years`} />
        <Row label="Pension Frequency" value={details.annuityFrequency} />
        <Row
          label="Category"
          value={
            details.category === 'Joint'
              ? `Joint life with ${String(insured.fullName ?? '')} (${String(insured.relation ?? '')})`
              : 'Single life'
          }
        />
        <Row label="Quote reference" value={details.quoteNumber} />
      </SummaryCard>
      <SummaryCard title="Additional Details" onEdit={() => goTo('additional-details')}>
        <Row label="Pincode" value={primary.pincode} />
        <Row label="City and State" value={`${String(primary.city ?? '')}, ${String(primary.state ?? '')}`} />
        <Row label="Occupation" value={occupationName} />
        <Row
          label="Annual Income"
          value={primary.annualIncome ? `₹ ${formatIndianAmount(String(primary.annualIncome))}` : ''}
        />
        <Row
          label="Employee of the insurer"
          value={staff.status === 'Y' ? `Yes, ${String(staff.employeer ?? '')}` : 'No'}
        />
      </SummaryCard>
      {staff.status === 'Y' && (
        <p className="bf-banner bf-banner--success">
          As an employee you get {bonus}% additional annuity, included below.
        </p>
      )}
      <section className="bf-pay-get" aria-label="What you pay and what you get">
        <div>
          <h3>You Pay</h3>
          <p>
            <strong>₹ {formatIndianAmount(response.installmentPremiumWithTaxFY ?? 0)}</strong>{' '}
            {PER_FREQUENCY[String(details.investmentFrequency)] ?? ''}
          </p>
          <p className="bf-pay-get__note">
            for {String(details.premiumPayingTerm ?? '')} years (GST:{' '}
            {response.gstAmount ? `₹ ${formatIndianAmount(response.gstAmount)}` : 'Nil'})
          </p>
        </div>
        <div>
          <h3>You Get</h3>
          <p>
            <strong>₹ {formatIndianAmount(response.annuityInstallmentAmount ?? 0)}</strong>{' '}
            {PER_FREQUENCY[String(details.annuityFrequency)] ?? ''}
          </p>
          <p className="bf-pay-get__note">guaranteed pension for life</p>
        </div>
      </section>
      <p className="bf-review__links">
        <button
          type="button"
          className="bf-link-button"
          onClick={() => void download()}
          disabled={bi.kind === 'loading'}
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
