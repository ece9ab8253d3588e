import type {
  AgeRange,
  FlagAdjustment,
  LifeMortalityBasis,
  PlanBasisHeader,
  PremiumLimitFrequency,
} from './planBasis.ts';
import type { GstBasis } from './deferredAnnuityBasis.ts';

/*
 * The shape of a unit-linked plan's basis (schemas/plans/<CODE>/pricing-basis.json, JSON Schema
 * schemas/pricing/unit-linked-basis.schema.json); docs/pricing/unit-linked.md explains each part.
 * Percentages are percent (1.35 means 1.35%), amounts whole rupees.
 */

/**
 * A payment frequency with the instalments it accepts; 'Single' (code 0) is a single premium
 * paid once at the start, and a divisor is 1 ÷ instalments a year (unit-linked premiums carry
 * no modal loading; plan.json repeats it).
 */
export type UnitLinkedFrequency = PremiumLimitFrequency;

export interface SumAssuredBand {
  fromAge: number;
  min: number;
  default: number;
  max: number;
}

export interface PolicyAdministrationCharge {
  /** A fixed amount a month in policy year 1, escalating each later year. */
  rupeesPerMonth: number;
  escalationPercentPerYear: number;
  /** Plus a percentage of the annualised (or single) premium a month. */
  percentOfAnnualPremiumPerMonth: number;
  /** The monthly charge never exceeds this. */
  maxRupeesPerMonth: number;
  /** Charged for the whole policy term, or only while premiums are payable. */
  chargedFor: 'policyTerm' | 'premiumPayingTerm';
}

export interface RegularCharges {
  /** Premium allocation charge by policy year (index 0 = year 1); the last entry holds for later years. */
  premiumAllocationPercentByPolicyYear: number[];
  policyAdministration: PolicyAdministrationCharge;
}

export interface SingleCharges {
  premiumAllocationPercent: number;
  policyAdministration: PolicyAdministrationCharge;
}

/** One row of a discontinuance-charge table: percent of the lower of premium and fund, capped. */
export interface DiscontinuanceCharge {
  percent: number;
  maxRupees: number;
}

/** Discontinuance charges by policy year of discontinuance, for premiums from `fromPremium` up. */
export interface DiscontinuanceBand {
  fromPremium: number;
  byPolicyYear: DiscontinuanceCharge[];
}

export interface Fund {
  id: string;
  name: string;
  category: string;
  /** Fund management charge, percent a year of the fund. */
  fmcPercent: number;
}

/** Fund id → whole percent, totalling 100. */
export type FundAllocation = Record<string, number>;

export interface InvestmentStrategy {
  id: string;
  name: string;
  description: string;
  /** The funds the visitor may split the premium across (with `choose`). */
  funds?: string[];
  /** How many funds the visitor picks; present when the visitor gives the allocation. */
  choose?: { min: number; max: number };
  /** The strategy's own allocation by attained age (the band from each listed age up). */
  allocationByAttainedAge?: { fromAge: number; allocation: FundAllocation }[];
  /** The funds the visitor picks, each pick with a set share split equally among its funds. */
  picks?: FundPick[];
  /** The allocation in the last `years` policy years (e.g. everything in the liquid fund). */
  finalYears?: { years: number; allocation: FundAllocation };
  note: string;
}

export interface Rider {
  /** What PlanSectionDetails.Riders[].code sends, e.g. 'ADB'. */
  code: string;
  name: string;
  description: string;
  entryAge: AgeRange;
  sumAssured: { min: number; max: number; maxPercentOfBaseSumAssured: number };
  /** Annual premium per 1,000 of rider sum assured, by entry age (the band from each listed age up). */
  premiumPerThousandByEntryAge: Record<string, number>;
  note: string;
}

/**
 * A choice of funds within a strategy (PlanSectionDetails.FundChoice[id]): exactly `count` of
 * `funds`, taking `percent` of the premium between them in equal whole shares.
 */
export interface FundPick {
  id: string;
  /** What is picked, as messages name it ('an equity fund'). */
  label: string;
  funds: string[];
  count: number;
  percent: number;
}

export type ChargeName =
  | 'premiumAllocationCharge'
  | 'policyAdministrationCharge'
  | 'mortalityCharge'
  | 'fundManagementCharge'
  | 'riderPremium';

/** A discount the request's flags switch on, taken off the named charges (and rider premiums). */
export interface UnitLinkedDiscount extends FlagAdjustment {
  appliesTo: ChargeName[];
}

export interface Scenario {
  id: string;
  grossReturnPercent: number;
  title: string;
}

export interface UnitLinkedBasis extends PlanBasisHeader {
  gst: GstBasis & { chargesProductClass: string; riderProductClass: string };
  mortality: LifeMortalityBasis & { loadingPercent: number; smokerMultiplier: number };
  ages: { entry: AgeRange; maxMaturityAge: number; ageBasis: string };
  terms: {
    policyTerm: AgeRange;
    premiumPayingTerm: { regular: boolean; limited: number[]; note: string };
  };
  premium: { frequencies: UnitLinkedFrequency[]; note: string };
  sumAssured: { regular: SumAssuredBand[]; single?: SumAssuredBand[]; note: string };
  deathBenefit: {
    type: 'higherOfSumAssuredAndFund' | 'sumAssuredPlusFund';
    percentOfPremiumsPaid: number;
    /**
     * What is paid on death, in the words the quote, the illustration, the content's cards and
     * facts and the brochure all use ('the highest of the sum assured, 105% of …').
     */
    text: string;
    note: string;
  };
  charges: { regular: RegularCharges; single?: SingleCharges; note: string };
  discontinuance: {
    lockInYears: number;
    regular: DiscontinuanceBand[];
    single?: DiscontinuanceBand[];
    note: string;
    /** The lock-in disclosure; {years} is filled in. */
    disclosure: string;
  };
  investment: {
    funds: Fund[];
    defaultAllocation: FundAllocation;
    strategyRequired: boolean;
    strategies: InvestmentStrategy[];
    note: string;
  };
  riders: Rider[];
  discounts: UnitLinkedDiscount[];
  option: { code: string; name: string; description: string };
  illustration: { scenarios: Scenario[]; headlineScenario: string; footnotes: string[] };
  messages: UnitLinkedMessages;
}

export interface UnitLinkedMessages {
  entryAge: string;
  maturityAge: string;
  policyTerm: string;
  premiumPayingTerm: string;
  singlePremiumPayingTerm: string;
  minimumPremium: string;
  maximumPremium: string;
  unknownFrequency: string;
  singleNotOffered: string;
  unknownGender: string;
  proposalDate: string;
  sumAssuredRange: string;
  unknownStrategy: string;
  strategyRequired: string;
  allocationRequired: string;
  allocationTotal: string;
  allocationWhole: string;
  unknownFund: string;
  fundNotOffered: string;
  fundCount: string;
  /** Needed when a strategy has picks (checked by unitLinkedBasisProblems). */
  pickRequired?: string;
  pickCount?: string;
  unknownRider: string;
  riderTwice: string;
  riderAge: string;
  riderSumAssured: string;
  riderSingle: string;
  fundExhausted: string;
}

/** The entry of a list of `fromX` bands that holds for `value`: the highest `from` not above it. */
export function bandFor<T>(bands: T[], value: number, from: (band: T) => number): T | undefined {
  let found: T | undefined;
  for (const band of bands) {
    if (from(band) <= value && (!found || from(band) > from(found))) found = band;
  }
  return found;
}

/** A rate keyed by the lowest age of its band ({ "18": 0.6, "45": 1.1 }) for an age. */
export function rateByAge(rates: Record<string, number>, age: number): number | undefined {
  const band = bandFor(Object.entries(rates), age, ([from]) => Number(from));
  return band?.[1];
}

/**
 * What JSON Schema cannot say about a basis, checked before pricing (a broken basis is a
 * configuration error, not the visitor's): every fund an allocation names exists, every fixed
 * allocation totals 100, the headline scenario exists, Single is priced when offered, and each
 * divisor is 1 ÷ instalments a year.
 */
export function unitLinkedBasisProblems(basis: UnitLinkedBasis): string[] {
  const problems: string[] = [];
  const funds = new Set(basis.investment.funds.map((f) => f.id));
  const allocation = (where: string, a: FundAllocation) => {
    for (const id of Object.keys(a)) if (!funds.has(id)) problems.push(`${where} names unknown fund '${id}'`);
    const total = Object.values(a).reduce((sum, p) => sum + p, 0);
    if (total !== 100) problems.push(`${where} totals ${total}%, not 100%`);
  };
  allocation('investment.defaultAllocation', basis.investment.defaultAllocation);
  for (const s of basis.investment.strategies) {
    const where = `strategy '${s.id}'`;
    for (const id of s.funds ?? []) if (!funds.has(id)) problems.push(`${where} offers unknown fund '${id}'`);
    const ways = [s.choose, s.allocationByAttainedAge, s.picks].filter(Boolean).length;
    if (ways !== 1) {
      problems.push(`${where} needs one of choose (the visitor's split), picks or allocationByAttainedAge`);
    }
    if (s.picks) {
      if (!basis.messages.pickRequired || !basis.messages.pickCount) {
        problems.push(`${where} has picks: messages.pickRequired and messages.pickCount are needed`);
      }
      const total = s.picks.reduce((sum, pick) => sum + pick.percent, 0);
      if (total !== 100) problems.push(`${where} picks take ${total}% of the premium, not 100%`);
      const ids = new Set<string>();
      for (const pick of s.picks) {
        if (ids.has(pick.id)) problems.push(`${where} has two picks '${pick.id}'`);
        ids.add(pick.id);
        for (const id of pick.funds)
          if (!funds.has(id)) problems.push(`${where} pick '${pick.id}' offers unknown fund '${id}'`);
        if (pick.count > pick.funds.length)
          problems.push(`${where} pick '${pick.id}' asks for ${pick.count} of ${pick.funds.length} funds`);
        if (pick.percent % pick.count !== 0)
          problems.push(
            `${where} pick '${pick.id}': ${pick.percent}% does not split into ${pick.count} whole shares`,
          );
      }
    }
    if (s.choose && !s.funds?.length) problems.push(`${where} lets the visitor choose but lists no funds`);
    s.allocationByAttainedAge?.forEach((band, i) =>
      allocation(`${where} allocationByAttainedAge/${i}`, band.allocation),
    );
    if (s.finalYears) allocation(`${where} finalYears`, s.finalYears.allocation);
  }
  if (!basis.illustration.scenarios.some((s) => s.id === basis.illustration.headlineScenario)) {
    problems.push(`illustration.headlineScenario '${basis.illustration.headlineScenario}' is not a scenario`);
  }
  for (const f of basis.premium.frequencies) {
    if (Math.abs(f.annualisationDivisor * f.instalmentsPerYear - 1) > 0.001) {
      problems.push(`frequency ${f.value}: annualisationDivisor should be 1 ÷ ${f.instalmentsPerYear}`);
    }
  }
  if (basis.premium.frequencies.some((f) => f.value === 'Single')) {
    if (!basis.charges.single) problems.push('Single is offered but charges.single is missing');
    if (!basis.sumAssured.single) problems.push('Single is offered but sumAssured.single is missing');
    if (!basis.discontinuance.single) problems.push('Single is offered but discontinuance.single is missing');
  }
  return problems;
}
