import type { LoadedPlan } from '../../../../engine/plan/types.ts';

/** The pay modes of spec 02 §2.8: online, or Bima-ASBA (a bank/UPI block, debited on acceptance). */
export const PAY_MODES = ['Online', 'BASBA'] as const;
export type PayMode = (typeof PAY_MODES)[number];

export function isPayMode(value: unknown): value is PayMode {
  return typeof value === 'string' && (PAY_MODES as readonly string[]).includes(value);
}

/** plan.json `payment` (schemas/plan.schema.json). */
export interface PlanPayment {
  modes: PayMode[];
  defaultMode: PayMode;
  /** Bima-ASBA only up to this first premium with GST, in rupees; absent: no limit. */
  basbaMaximumPremium?: number;
}

/** A plan without a `payment` section is paid online only. */
const ONLINE_ONLY: PlanPayment = { modes: ['Online'], defaultMode: 'Online' };

export function paymentOf(plan: LoadedPlan): PlanPayment {
  const payment = (plan.config as { payment?: PlanPayment }).payment;
  return payment ?? ONLINE_ONLY;
}

/** Where the gateway's answer sends the visitor: the proposal page's success route, or back to pay. */
export function journeyPages(plan: LoadedPlan | undefined) {
  const routes = plan?.config.routes;
  const journeyBase = routes ? `${routes.pathBase}${routes.slug}/` : '/';
  return {
    paymentSuccess: routes ? `${routes.proposalPage}#/payment-success` : '/',
    // Back to the plan page's make-payment step: a path below the page, or its hash route
    // (spec 01 §2: failure goes back to the plan page at #/make-payment).
    makePayment: (txnid: string) =>
      routes?.mode === 'hash'
        ? `${journeyBase}?txnid=${encodeURIComponent(txnid)}#/make-payment`
        : `${journeyBase}make-payment?txnid=${encodeURIComponent(txnid)}`,
  };
}
