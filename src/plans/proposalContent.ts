/**
 * The copy of a plan's proposal page: `proposal` in schemas/plans/<CODE>/content.json
 * (described in schemas/content.schema.json). Texts may name {resumeApplication}. The
 * proposal's forms are plan.json `proposal.steps`; their names are their titles.
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
}

export interface ProposalNextSteps {
  title: string;
  items: { title: string; body: string }[];
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
  /** The proposal's steps as every screen lists them, and each one's status. */
  progress: {
    title: string;
    summary: string;
    /** The summary's place before every step's status is known (their validators are on their way). */
    checking: string;
    status: { complete: string; current: string; pending: string };
  };
  /** Payment-success's action to the first step still to do. */
  continueProposal: string;
  step: {
    back: string;
    saving: string;
    submitting: string;
    notOpen: { title: string; body: string; action: string };
    notApplicable: string;
    continue: string;
  };
  /** The visitor's contact choices: each optional consent, given or withdrawn with one tick (docs/design/consents.md). */
  consents: {
    title: string;
    intro: string;
    loading: string;
    saving: string;
    given: string;
    withdrawn: string;
    loadFailed: string;
    retry: string;
  };
  /** The e-mandate step's action and its outcome; {umrn} is the mandate reference. */
  mandate: {
    start: string;
    retry: string;
    starting: string;
    authorised: string;
    failed: string;
    needed: string;
  };
  /** #/registration-unsuccesful; {step} is a step's title. */
  registrationUnsuccessful: { heading: string; body: string; action: string; payAction: string };
  /** #/thank-you before the proposal is submitted. */
  notSubmitted: { heading: string; body: string; action: string };
}
