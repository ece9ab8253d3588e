/**
 * The copy of a plan's proposal page: `proposal` in schemas/plans/<CODE>/content.json
 * (described in schemas/content.schema.json). Texts may name {resumeApplication}.
 */

/** What the payment of an application came to, as the #/payment-success screen tells it. */
export type PaymentOutcome = 'paid' | 'basbaBlocked' | 'basbaInitiated' | 'payLater' | 'notPaid';

export interface ProposalOutcomeCopy {
  heading: string;
  title: string;
  body: string;
  amountLabel: string;
  /** The Pay now link (to the journey's make-payment route), where the premium is still due. */
  action?: string;
  /** The payment's status in the saved-progress list. */
  progress: string;
}

export interface ProposalNextSteps {
  title: string;
  items: { title: string; body: string }[];
}

export interface ProposalProgressItem {
  label: string;
  /** Journey stages (spec 02 §4.1) this item stands for. */
  stages: string[];
  /** The payment item: once saved, its status is the payment outcome's progress text. */
  payment?: boolean;
}

export interface ProposalStepCopy {
  title: string;
  /** The stage this step saves, marked as the current one in the progress list. */
  stage?: string;
}

export interface ProposalContent {
  title: string;
  loading: string;
  refreshed: string;
  refreshFailed: { title: string; keptNote: string };
  submitted: string;
  noApplication: { title: string; body: string; resumeHint: string; action: string };
  figures: {
    title: string;
    applicationNumber: string;
    quoteId: string;
    plan: string;
    premium: string;
    annuity: string;
    paymentId: string;
  };
  frequencyWords: Record<string, string>;
  outcomes: Record<PaymentOutcome, ProposalOutcomeCopy>;
  paymentNextSteps: ProposalNextSteps;
  thankYou: { heading: string; title: string; body: string; nextSteps: ProposalNextSteps };
  benefitIllustration: { action: string; preparing: string; failed: string };
  homepage: string;
  progress: {
    title: string;
    laterRelease: string;
    saved: string;
    status: { saved: string; current: string; pending: string };
    items: ProposalProgressItem[];
  };
  /** Proposal steps by hash route ('' is #/; 'review-upload-doc/upload-doc?type=secondary'). */
  steps: Record<string, ProposalStepCopy>;
}
