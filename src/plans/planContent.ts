/**
 * The shape of a plan's copy, schemas/plans/<CODE>/content.json (JSON Schema:
 * schemas/content.schema.json): landing page, header, side panel, loader facts, Terms &
 * Conditions, the product identification footer and the brochure. No Node imports: the
 * browser reads the same file.
 */
import type { ProposalContent } from './proposalContent.ts';

export interface ContentCard {
  id: string;
  title: string;
  body: string;
}

export interface ContentOffer {
  text: string;
  annuityBonusPercent: number;
}

export interface ContentPlanOption {
  /** Component code: the plan code and a letter (the basis option's `code`). */
  code: string;
  name: string;
  description: string;
  jointLife: boolean;
}

export interface PlanContent {
  planCode: string;
  insurer: { name: string; shortName: string; registration: string };
  productIdentification: { planName: string; uin: string; description: string; text: string };
  header: { quoteIdLabel: string; helpCenter: string; brochure: string; resumeApplication: string };
  /** Talk to Expert, the idle, Thanks and chat popups (issue 20), from common/content.json. */
  help: HelpCopy;
  helpCenter: {
    title: string;
    intro: string;
    questions: { question: string; answer: string }[];
    contact: string;
  };
  payment: {
    amountLabel: string;
    gatewayNote: string;
    payLater: string;
    payLaterNote: string;
    pending: string;
    failed: {
      title: string;
      text: string;
      reasonLabel: string;
      reason: string;
      paymentIdLabel: string;
      retry: string;
      skip: string;
    };
  };
  panel: { subTitle: string; brochureLink: string; viewBenefitsTitle: string; viewBenefits: string[] };
  landing: {
    title: string;
    offerBanner: ContentOffer;
    benefitCardsTitle: string;
    benefitCards: ContentCard[];
    /** The 'Visualize your plan' example (annuity plans); its figures are checked against the calculator. */
    visualize?: {
      title: string;
      option: string;
      entryAge: number;
      premium: number;
      premiumFrequency: string;
      premiumYears: number;
      payoutPerYear: number;
      payoutFromAge: number;
      lumpSum: number;
      lumpSumAtAge: number;
      /** The life illustrated (default Male), and whether bought online (default yes). */
      gender?: string;
      online?: boolean;
      labels: { premium: string; payout: string; lumpSum: string };
      note: string;
    };
    howToBuy: { title: string; steps: ContentCard[] };
    claims: {
      title: string;
      settlementRatio: string;
      settlementRatioLabel: string;
      claimsSettled: string;
      claimsSettledLabel: string;
      period: string;
    };
    previousQuote: { text: string; action: string };
    paymentAlertNote: string;
  };
  offers: { online: ContentOffer; staff?: ContentOffer & { banner: string } };
  planFacts: string[];
  /** Spec 02 §9 benefit wording, each with the component codes it belongs to. */
  benefits: { text: string; options: string[] }[];
  planOptions: ContentPlanOption[];
  loaderFacts: string[];
  termsAndConditions: { title: string; paragraphs: string[]; checkboxLabel: string };
  brochure: { intro: string; howItWorks: string[]; disclaimers: string[] };
  /** The proposal page's copy. */
  proposal: ProposalContent;
}

/** The copy of the help around every step (schemas/common/content.json `help`). */
export interface HelpCopy {
  talkToExpert: string;
  chat: string;
  pickSlot: string;
  back: string;
  close: string;
  booking: string;
  dayOver: string;
  thanksTitle: string;
  thanksText: string;
  idleTitle: string;
  idleTalk: string;
  idleCallBack: string;
  chatTitle: string;
  chatFrameTitle: string;
}
