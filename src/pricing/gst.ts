import type { GstBasis, GstRate } from './deferredAnnuityBasis.ts';
import { preparedOnce } from './preparedOnce.ts';

const byClass = new WeakMap<GstBasis, Map<string, GstRate[]>>();

/** A basis's rows by product class, latest effectiveFrom first (the first of equal dates kept first). */
function ratesByClass(basis: GstBasis): Map<string, GstRate[]> {
  return preparedOnce(byClass, basis, () => {
    const classes = new Map<string, GstRate[]>();
    for (const rate of basis.rates) {
      const rows = classes.get(rate.productClass) ?? [];
      rows.push(rate);
      classes.set(rate.productClass, rows);
    }
    for (const rows of classes.values()) {
      rows.sort((a, b) =>
        a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0,
      );
    }
    return classes;
  });
}

/**
 * The GST (or, before July 2017, service tax) row in force on a date for a product class:
 * the latest row whose effectiveFrom is on or before the date. Dates are ISO yyyy-mm-dd,
 * which compare correctly as strings. The basis's rows are sorted once a basis.
 */
export function gstRateOn(basis: GstBasis, date: string, productClass = basis.productClass): GstRate {
  const row = ratesByClass(basis)
    .get(productClass)
    ?.find((r) => r.effectiveFrom <= date);
  if (!row) throw new Error(`No GST rate for ${productClass} on ${date}`);
  return row;
}

/** Tax on one instalment in policy year `policyYear` (1-based), rounded to the rupee. */
export function gstOnInstalment(rate: GstRate, policyYear: number, instalment: number): number {
  const percent = policyYear === 1 ? rate.firstYearPercent : rate.renewalPercent;
  return Math.round((instalment * percent) / 100);
}
