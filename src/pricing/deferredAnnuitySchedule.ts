import { addYearsIso } from './ageLastBirthday.ts';
import { annuityPayouts } from './annuityPayouts.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import type { DeferredAnnuityBasis } from './deferredAnnuityBasis.ts';
import type { DeferredAnnuityBenefits } from './deferredAnnuityBenefits.ts';
import type { ResolvedDeferredAnnuityInput, DeferredAnnuityScheduleRow } from './deferredAnnuityQuote.ts';

/**
 * The year-by-year table of the benefit illustration, from the first policy year until the
 * annuitant reaches the basis's illustration age (and at least one year of annuity). A row is
 * a policy year at the age at its start; a payment at the end of a year (a yearly pension, a
 * return on survival) is in the next row, at the age it is paid (annuityPayouts.ts).
 * Rounding: each benefit of a year to the rupee; an escalated annuity instalment to the
 * rupee before it is multiplied by the payouts of the year; tax per instalment.
 */
export function deferredAnnuitySchedule(
  basis: DeferredAnnuityBasis,
  input: ResolvedDeferredAnnuityInput,
  benefits: DeferredAnnuityBenefits,
  annuityInstallmentAmount: number,
): DeferredAnnuityScheduleRow[] {
  const n = benefits.defermentYears;
  const payouts = input.annuityFrequency.paymentsPerYear;
  const instalments = input.premiumFrequency.instalmentsPerYear;
  const timing = annuityPayouts(input.entryAge, n, payouts);
  const years = Math.max(timing.minimumYears, basis.illustration.toAge - input.entryAge + 1);
  const rows: DeferredAnnuityScheduleRow[] = [];
  let totalPremiumsPaid = 0;
  for (let policyYear = 1; policyYear <= years; policyYear++) {
    const deferment = policyYear <= n;
    const k = policyYear - n;
    const pensionYear = timing.pensionYearIn(policyYear);
    const yearEnded = timing.yearEndIn(policyYear);
    const premiumPaid = deferment ? benefits.premiumPaidPerYear : 0;
    const rate = gstRateOn(basis.gst, addYearsIso(input.proposalDate, policyYear - 1));
    const gst = deferment ? instalments * gstOnInstalment(rate, policyYear, input.installmentPremium) : 0;
    totalPremiumsPaid += premiumPaid;
    rows.push({
      policyYear,
      age: input.entryAge + policyYear - 1,
      ...(input.second ? { secondAge: input.second.entryAge + policyYear - 1 } : {}),
      premiumPaid,
      gst,
      totalPremiumsPaid,
      guaranteedAnnuity:
        pensionYear >= 1
          ? Math.round(annuityInstallmentAmount * benefits.annuityMultiple(pensionYear)) * payouts
          : 0,
      survivalReturn: yearEnded >= 1 ? Math.round(benefits.survivalReturn(yearEnded)) : 0,
      deathBenefit: Math.round(
        deferment ? benefits.defermentDeathBenefit(policyYear) : benefits.exitBenefit(k),
      ),
      surrenderValue: deferment ? Math.round(benefits.surrenderValue(policyYear)) : 0,
    });
  }
  return rows;
}
