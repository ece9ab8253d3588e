import { gatewayAmount } from '../payments/payuProtocol.ts';
import type { SiDetails } from '../payments/mandateProtocol.ts';

/** How often a premium frequency debits, as months and as PayU's billing cycle. */
const CYCLES: Record<
  string,
  { months: number; billingCycle: SiDetails['billingCycle']; billingInterval: number }
> = {
  Yearly: { months: 12, billingCycle: 'YEARLY', billingInterval: 1 },
  'Half Yearly': { months: 6, billingCycle: 'MONTHLY', billingInterval: 6 },
  Quarterly: { months: 3, billingCycle: 'MONTHLY', billingInterval: 3 },
  Monthly: { months: 1, billingCycle: 'MONTHLY', billingInterval: 1 },
};

/** The premium a mandate collects, from the application's stored quote. */
export interface RenewalPremium {
  /** The instalment with GST, whole rupees. */
  amount: number;
  /** 'Yearly', 'Half Yearly', 'Quarterly', 'Monthly' or 'Single'. */
  frequency: string;
  /** Years. */
  premiumPayingTerm: number;
}

export interface MandateTerms {
  /** Rupees: the most one debit may take. */
  maxAmount: number;
  frequency: string;
  /** The day of the month (1 to 28) the buyer chose to be debited on, if they chose one. */
  debitDay?: number;
  siDetails: SiDetails;
}

/** The same day `months` later; a day the month lacks becomes its last (31 January + 1 month: 28 or 29 February). */
export function addMonthsIso(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(newYear, newMonth, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(newYear, 4)}-${pad(newMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** The first `day` of a month on or after a date (`day` is 1 to 28, so every month has it). */
export function onOrAfterDay(date: string, day: number): string {
  const sameMonth = `${date.slice(0, 8)}${String(day).padStart(2, '0')}`;
  return day >= Number(date.slice(8, 10)) ? sameMonth : addMonthsIso(sameMonth, 1);
}

/**
 * What a renewal mandate allows: each debit up to the instalment with GST, every period of
 * the premium's frequency from the first renewal (one period after the policy starts) to the
 * last (one period before the premium paying term ends), each moved to the buyer's debit day
 * on or after it when they chose one. Undefined when there is no renewal: a single premium, or
 * a term that the first premium already covers.
 */
export function mandateTerms(
  policyStartDate: string,
  premium: RenewalPremium,
  debitDay?: number,
): MandateTerms | undefined {
  const cycle = CYCLES[premium.frequency];
  if (!cycle || !Number.isFinite(premium.amount) || premium.amount <= 0) return undefined;
  const instalments = Math.floor((premium.premiumPayingTerm * 12) / cycle.months);
  if (!Number.isInteger(instalments) || instalments < 2) return undefined;
  const debit = (due: string) => (debitDay === undefined ? due : onOrAfterDay(due, debitDay));
  return {
    maxAmount: premium.amount,
    frequency: premium.frequency,
    ...(debitDay === undefined ? {} : { debitDay }),
    siDetails: {
      billingAmount: gatewayAmount(premium.amount),
      billingCurrency: 'INR',
      billingCycle: cycle.billingCycle,
      billingInterval: cycle.billingInterval,
      paymentStartDate: debit(addMonthsIso(policyStartDate, cycle.months)),
      paymentEndDate: debit(addMonthsIso(policyStartDate, (instalments - 1) * cycle.months)),
      billingRule: 'MAX',
    },
  };
}
