import type { GstBasis, GstRate } from './deferredAnnuityBasis.ts';

/**
 * The GST (or, before July 2017, service tax) row in force on a date for a product class:
 * the latest row whose effectiveFrom is on or before the date. Dates are ISO yyyy-mm-dd,
 * which compare correctly as strings.
 */
export function gstRateOn(basis: GstBasis, date: string, productClass = basis.productClass): GstRate {
  const row = basis.rates
    .filter((r) => r.productClass === productClass && r.effectiveFrom <= date)
    .reduce<GstRate | undefined>(
      (best, r) => (!best || r.effectiveFrom > best.effectiveFrom ? r : best),
      undefined,
    );
  if (!row) throw new Error(`No GST rate for ${productClass} on ${date}`);
  return row;
}

/** Tax on one instalment in policy year `policyYear` (1-based), rounded to the rupee. */
export function gstOnInstalment(rate: GstRate, policyYear: number, instalment: number): number {
  const percent = policyYear === 1 ? rate.firstYearPercent : rate.renewalPercent;
  return Math.round((instalment * percent) / 100);
}
