/** The landing part of a plan's content.json (schemas/content.schema.json), as the shell renders it. */
export interface LandingContent {
  benefitCardsTitle: string;
  benefitCards: Array<{ id: string; title: string; body: string }>;
  visualize: {
    title: string;
    entryAge: number;
    premium: number;
    premiumFrequency: string;
    premiumYears: number;
    payoutPerYear: number;
    payoutFromAge: number;
    lumpSum: number;
    lumpSumAtAge: number;
    labels: { premium: string; payout: string; lumpSum: string };
    note: string;
  };
  howToBuy: { title: string; steps: Array<{ id: string; title: string; body: string }> };
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
}

export interface PlanContent {
  landing?: LandingContent;
  productIdentification?: { text: string };
  loaderFacts?: string[];
  header?: { brochure: string; helpCenter: string; resumeApplication: string; quoteIdLabel: string };
  panel?: { brochureLink: string };
}
