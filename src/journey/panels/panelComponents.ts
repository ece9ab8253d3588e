import type { ComponentType } from 'react';
import { MakePaymentPanel } from '../payment/MakePaymentPanel.tsx';
import { Banner } from './Banner.tsx';
import { HolderSummary } from './HolderSummary.tsx';
import { JointLife } from './JointLife.tsx';
import type { SharedPanelProps } from './panelTypes.ts';
import { PreviousQuotes } from './PreviousQuotes.tsx';
import { PreviousQuoteStrip } from './PreviousQuoteStrip.tsx';
import { QuotePanel } from './QuotePanel.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';

/**
 * The shared panels a plan's steps name in plan.json (`panels: [{ "type": "quote" }]`),
 * one flat registry; plans:validate checks every name a plan uses against it
 * (src/journey/panels/panelNames.json lists the same names for Node).
 */
export const panels: Record<string, ComponentType<SharedPanelProps>> = {
  banner: Banner,
  holderSummary: HolderSummary,
  jointLife: JointLife,
  makePayment: MakePaymentPanel,
  previousQuotes: PreviousQuotes,
  previousQuoteStrip: PreviousQuoteStrip,
  quote: QuotePanel,
  review: ReviewPanel,
};
