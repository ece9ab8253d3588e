import { addYearsIso } from './ageLastBirthday.ts';
import type { IllustrationTable } from './calculator.ts';
import { gstOnInstalment, gstRateOn } from './gst.ts';
import type { UnitLinkedBasis } from './unitLinkedBasis.ts';
import type { ScenarioResult, UnitLinkedPricing } from './unitLinkedPricing.ts';

/** The premiums a year: what is invested, what the riders cost, the tax on both, the running total. */
export function premiumsTable(
  p: UnitLinkedPricing,
  basis: UnitLinkedBasis,
  proposalDate: string,
): IllustrationTable {
  const { input } = p;
  const perYear = input.frequency.instalmentsPerYear;
  const withRiders = input.riders.length > 0;
  const rows: IllustrationTable['rows'] = [];
  let total = 0;
  for (let policyYear = 1; policyYear <= input.policyTerm; policyYear++) {
    const paying = input.single ? policyYear === 1 : policyYear <= input.premiumPayingTerm;
    const on = addYearsIso(proposalDate, policyYear - 1);
    const premiumRate = gstRateOn(basis.gst, on);
    const riderRate = gstRateOn(basis.gst, on, basis.gst.riderProductClass);
    const premiumPaid = paying ? input.installmentPremium * perYear : 0;
    const riderPremium = paying ? p.riderInstalment * perYear : 0;
    total += premiumPaid + riderPremium;
    rows.push({
      policyYear,
      age: input.entryAge + policyYear - 1,
      premiumPaid,
      ...(withRiders ? { riderPremium } : {}),
      gst: paying
        ? perYear *
          (gstOnInstalment(premiumRate, policyYear, input.installmentPremium) +
            gstOnInstalment(riderRate, policyYear, p.riderInstalment))
        : 0,
      totalPremiumsPaid: total,
    });
  }
  return {
    id: 'premiums',
    title: 'Premiums',
    columns: [
      { id: 'policyYear', label: 'Policy Year', format: 'number' },
      { id: 'age', label: 'Age', format: 'number' },
      { id: 'premiumPaid', label: 'Premium Invested', format: 'rupees' },
      ...(withRiders ? [{ id: 'riderPremium', label: 'Rider Premium', format: 'rupees' as const }] : []),
      { id: 'gst', label: 'GST on Premium', format: 'rupees' },
      { id: 'totalPremiumsPaid', label: 'Total Premiums Paid', format: 'rupees' },
    ],
    rows,
  };
}

/** One scenario, IRDAI's Part B: the charges of each year, then fund, surrender and death benefit at its end. */
export function scenarioTable(result: ScenarioResult, entryAge: number): IllustrationTable {
  return {
    id: `scenario-${result.scenario.id}`,
    title: result.scenario.title,
    columns: [
      { id: 'policyYear', label: 'Policy Year', format: 'number' },
      { id: 'age', label: 'Age', format: 'number' },
      { id: 'premiumPaid', label: 'Premium', format: 'rupees' },
      { id: 'allocationCharge', label: 'Premium Allocation Charge', format: 'rupees' },
      { id: 'administrationCharge', label: 'Policy Admin. Charge', format: 'rupees' },
      { id: 'mortalityCharge', label: 'Mortality Charge', format: 'rupees' },
      { id: 'fundManagementCharge', label: 'Fund Mgmt. Charge', format: 'rupees' },
      { id: 'gstOnCharges', label: 'GST on Charges', format: 'rupees' },
      { id: 'fundValue', label: 'Fund Value', format: 'rupees' },
      { id: 'surrenderValue', label: 'Surrender Value', format: 'rupees' },
      { id: 'deathBenefit', label: 'Death Benefit', format: 'rupees' },
    ],
    rows: result.projection.years.map((year) => ({
      policyYear: year.policyYear,
      age: entryAge + year.policyYear - 1,
      premiumPaid: Math.round(year.premium),
      allocationCharge: Math.round(year.allocationCharge),
      administrationCharge: Math.round(year.administrationCharge),
      mortalityCharge: Math.round(year.mortalityCharge),
      fundManagementCharge: Math.round(year.fundManagementCharge),
      gstOnCharges: Math.round(year.gstOnCharges),
      fundValue: Math.round(year.fundValue),
      surrenderValue: Math.round(year.surrenderValue),
      deathBenefit: Math.round(year.deathBenefit),
    })),
  };
}
