import { netYieldPercent, type Payment } from './unitLinkedYield.ts';

/** Everything one scenario's projection needs, each rate already resolved by policy year (1-based). */
export interface ProjectionTerms {
  policyTerm: number;
  premiumPayingTerm: number;
  /** 1 for a single premium (paid once, in month 0). */
  instalmentsPerYear: number;
  single: boolean;
  /** The invested premium of each instalment (riders apart). */
  instalment: number;
  sumAssured: number;
  grossReturnPercent: number;
  premiumAllocationPercent: (policyYear: number) => number;
  /** Policy administration charge a month in that year, rupees. */
  administrationPerMonth: (policyYear: number) => number;
  /** Loaded mortality rate a year at the age attained in that year. */
  mortalityRate: (policyYear: number) => number;
  fmcPercent: (policyYear: number) => number;
  /** GST on charges in that year, percent. */
  gstPercent: (policyYear: number) => number;
  /** What is left of each charge after discounts (1 = no discount). */
  discountFactor: { allocation: number; administration: number; mortality: number; fundManagement: number };
  deathBenefit: { type: 'higherOfSumAssuredAndFund' | 'sumAssuredPlusFund'; percentOfPremiumsPaid: number };
  /** The discontinuance charge on surrender at the end of that year with that fund (0 after the lock-in). */
  discontinuanceCharge: (policyYear: number, fundValue: number) => number;
}

/** One policy year of a scenario, unrounded rupees (the rows round them). */
export interface ProjectedYear {
  policyYear: number;
  premium: number;
  premiumsPaidToDate: number;
  allocationCharge: number;
  administrationCharge: number;
  mortalityCharge: number;
  fundManagementCharge: number;
  gstOnCharges: number;
  fundValue: number;
  surrenderValue: number;
  deathBenefit: number;
}

export interface Projection {
  years: ProjectedYear[];
  maturityValue: number;
  /** Percent a year; undefined when the fund ran out. */
  netYieldPercent?: number;
  /** The first policy year whose charges the fund could not meet. */
  exhaustedInYear?: number;
}

/**
 * One scenario of the benefit illustration, month by month (docs/pricing/unit-linked.md). In
 * each month of policy year t:
 *  1. a premium due is paid; the premium allocation charge (and GST on it) is taken and the
 *     rest is added to the fund;
 *  2. the policy administration charge and the mortality charge — the sum at risk (death
 *     benefit less fund) × the year's rate ÷ 12 — and GST on both are deducted;
 *  3. the fund earns a month's gross return, (1 + i)^(1/12) − 1;
 *  4. the fund management charge, FMC ÷ 12 of the fund, and GST on it are deducted.
 * The fund at the end of month 12 is the year's fund value. Nothing is rounded here.
 */
export function projectFund(terms: ProjectionTerms): Projection {
  const growth = (1 + terms.grossReturnPercent / 100) ** (1 / 12);
  const everyMonths = 12 / terms.instalmentsPerYear;
  const d = terms.discountFactor;
  const db = terms.deathBenefit;
  const payments: Payment[] = [];
  const years: ProjectedYear[] = [];
  let fund = 0;
  let paid = 0;
  for (let t = 1; t <= terms.policyTerm; t++) {
    const paying = terms.single ? t === 1 : t <= terms.premiumPayingTerm;
    const allocationRate = (terms.premiumAllocationPercent(t) / 100) * d.allocation;
    const administration = terms.administrationPerMonth(t) * d.administration;
    const mortalityPerMonth = (terms.mortalityRate(t) / 12) * d.mortality;
    const fmcPerMonth = (terms.fmcPercent(t) / 100 / 12) * d.fundManagement;
    const gst = terms.gstPercent(t) / 100;
    const year: ProjectedYear = {
      policyYear: t,
      premium: 0,
      premiumsPaidToDate: 0,
      allocationCharge: 0,
      administrationCharge: 0,
      mortalityCharge: 0,
      fundManagementCharge: 0,
      gstOnCharges: 0,
      fundValue: 0,
      surrenderValue: 0,
      deathBenefit: 0,
    };
    for (let m = 0; m < 12; m++) {
      if (paying && m % everyMonths === 0 && (!terms.single || m === 0)) {
        const allocation = terms.instalment * allocationRate;
        fund += terms.instalment - allocation * (1 + gst);
        paid += terms.instalment;
        payments.push({ month: 12 * (t - 1) + m, amount: terms.instalment });
        year.premium += terms.instalment;
        year.allocationCharge += allocation;
        year.gstOnCharges += allocation * gst;
      }
      const floor = (db.percentOfPremiumsPaid / 100) * paid;
      const sumAtRisk =
        db.type === 'sumAssuredPlusFund'
          ? Math.max(terms.sumAssured, floor - fund)
          : Math.max(Math.max(terms.sumAssured, floor) - fund, 0);
      const mortality = sumAtRisk * mortalityPerMonth;
      fund -= (administration + mortality) * (1 + gst);
      year.administrationCharge += administration;
      year.mortalityCharge += mortality;
      year.gstOnCharges += (administration + mortality) * gst;
      fund *= growth;
      const fmc = fund * fmcPerMonth;
      fund -= fmc * (1 + gst);
      year.fundManagementCharge += fmc;
      year.gstOnCharges += fmc * gst;
      if (fund < 0) return { years, maturityValue: 0, exhaustedInYear: t };
    }
    const floor = (db.percentOfPremiumsPaid / 100) * paid;
    year.premiumsPaidToDate = paid;
    year.fundValue = fund;
    year.surrenderValue = fund - terms.discontinuanceCharge(t, fund);
    year.deathBenefit =
      db.type === 'sumAssuredPlusFund'
        ? Math.max(terms.sumAssured + fund, floor)
        : Math.max(terms.sumAssured, floor, fund);
    years.push(year);
  }
  const yieldPercent = netYieldPercent(payments, 12 * terms.policyTerm, fund);
  return {
    years,
    maturityValue: fund,
    ...(yieldPercent === undefined ? {} : { netYieldPercent: yieldPercent }),
  };
}
