import type { ComponentType } from 'react';
import { MakePaymentPanel } from '../payment/MakePaymentPanel.tsx';
import { Banner } from './Banner.tsx';
import { HolderSummary } from './HolderSummary.tsx';
import { JointLife } from './JointLife.tsx';
import type { SharedPanelProps } from './panelTypes.ts';
import { PreviousQuotes } from './PreviousQuotes.tsx';
import { QuotePanel } from './QuotePanel.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';

/**
 * The shared panels of later steps, by the name a plan's steps give in plan.json. Loaded as
 * one chunk after a journey's first step is on screen (./registry.tsx); no first step has
 * panels (the landing screen's panel is in the registry itself).
 * src/journey/panels/panelNames.json lists the same names for Node (plans:validate).
 */
export const panelComponents: Record<string, ComponentType<SharedPanelProps>> = {
  banner: Banner,
  holderSummary: HolderSummary,
  jointLife: JointLife,
  makePayment: MakePaymentPanel,
  previousQuotes: PreviousQuotes,
  quote: QuotePanel,
  review: ReviewPanel,
};
