/**
 * When a deferred annuity pays, in one place for the quote's 'Pension From' and the benefit
 * illustration's year-by-year table (docs/pricing/deferredAnnuity.md, 'Output'): the annuity
 * vests n years after entry (n = the deferment); paid yearly, each year's pension is paid in
 * arrears, at the end of its annuity year — the first one year after vesting, at age x + n + 1
 * (spec 02: 'payout 1,70,108 per year from age 66' for entry at 55 and 10 years of premiums) —
 * and paid half-yearly, quarterly or monthly, within the year, the first instalment 1/2, 1/4 or
 * 1/12 of a year after vesting, at age x + n.
 *
 * The table has a row a policy year, at the age at its start (premiums are paid then); what is
 * paid at the end of a year — a yearly pension, a return of premiums on survival — is shown in
 * the next row, at the age it is paid, so the table's first pension is at 'Pension From'. What
 * is paid on death in a year (at its end) stays in the year of death.
 */
export interface AnnuityPayouts {
  /** Age last birthday at vesting: entry age + deferment. */
  vestingAge: number;
  /** Age last birthday when the first pension instalment is paid. */
  firstPayoutAge: number;
  /** The annuity year (1 = the first after vesting) whose pension the table shows in a policy year; below 1 for none. */
  pensionYearIn(policyYear: number): number;
  /** The annuity year whose end (a return of premiums on survival) the table shows in a policy year; below 1 for none. */
  yearEndIn(policyYear: number): number;
  /** Policy years the table needs to show the first pension, whatever its last age. */
  minimumYears: number;
}

export function annuityPayouts(
  entryAge: number,
  defermentYears: number,
  paymentsPerYear: number,
): AnnuityPayouts {
  // A yearly pension is paid at the end of its year: the start of the next policy year.
  const inArrears = paymentsPerYear === 1 ? 1 : 0;
  return {
    vestingAge: entryAge + defermentYears,
    firstPayoutAge: entryAge + defermentYears + inArrears,
    pensionYearIn: (policyYear) => policyYear - defermentYears - inArrears,
    yearEndIn: (policyYear) => policyYear - defermentYears - 1,
    minimumYears: defermentYears + 1 + inArrears,
  };
}
