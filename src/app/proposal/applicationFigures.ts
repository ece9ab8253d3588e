import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { parseRupees } from '../../shared/rupees.ts';

type Fields = Record<string, unknown>;

export interface Instalment {
  amount: number;
  /** Payment frequency value (Yearly, Monthly, ...), when known. */
  frequency?: string;
}

/** The figures of an application the proposal page shows, each absent when the application has none. */
export interface ApplicationFigures {
  /** The Quote ID: the application number of the journey (spec 02 §3.1). */
  quoteId?: string;
  /** The application number the insurer's proposal system knows (proposalNumber). */
  applicationNumber?: string;
  /** The plan option chosen, by its name in the plan's copy where it has one. */
  planOption?: string;
  premium?: Instalment;
  annuity?: Instalment;
  /** The gateway's payment id (mihpayid). */
  paymentId?: string;
  /** What the payment is for: the amount recorded with it, else the premium with tax. */
  amount?: number;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function instalment(amount: unknown, frequency: unknown): Instalment | undefined {
  const rupees = parseRupees(amount);
  return rupees === undefined || rupees === 0 ? undefined : { amount: rupees, frequency: text(frequency) };
}

/**
 * Reads the figures from the application state as the journey keeps it: planDetails with
 * the quote's response (the quote service's section fields, spec 02 §3.4, whatever the
 * calculator) and paymentDetails (§3.6). Nothing here knows a plan.
 */
export function applicationFigures(
  state: ApplicationState,
  planOptions: ReadonlyArray<{ code: string; name: string }> = [],
): ApplicationFigures {
  const plan = state.planDetails as Fields;
  const response = (plan.response ?? {}) as Fields;
  const payment = state.paymentDetails as Fields;
  const option = text(plan.planOption) ?? text(plan.componentCode);
  const premium = instalment(
    response.installmentPremiumWithTaxFY ?? plan.totalPremiumAmount,
    response.premiumFrequency ?? plan.investmentFrequency,
  );
  return {
    quoteId: text(state.applicationNumber),
    applicationNumber: text(state.proposalNumber),
    planOption:
      planOptions.find((candidate) => candidate.code === option)?.name ??
      text(response.optionName) ??
      text(response.annuityOption),
    premium,
    annuity: instalment(
      response.annuityInstallmentAmount,
      response.annuityFrequency ?? plan.annuityFrequency,
    ),
    paymentId: text(payment.mihpayid),
    amount: parseRupees(payment.amount) ?? premium?.amount,
  };
}
