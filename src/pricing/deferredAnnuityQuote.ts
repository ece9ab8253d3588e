import type { AnnuityFrequency, PlanOption, PremiumFrequency } from './deferredAnnuityBasis.ts';

/** One life to be priced: its age last birthday at the proposal date, or its date of birth. */
export interface LifeInput {
  age?: number;
  /** yyyy-mm-dd; used when `age` is not given. */
  dateOfBirth?: string;
  /** Male, Female or Other ('Transgender', as the quote service spells Other, is accepted). */
  gender: string;
}

export interface DeferredAnnuityQuoteInput {
  /** The annuitant (the insured, usually the policy holder). */
  life: LifeInput;
  /** The second life of a joint-life (last survivor) annuity. */
  secondLife?: LifeInput;
  /** The premium per instalment, in whole rupees, before tax. */
  installmentPremium: number;
  /** Yearly, Half Yearly, Quarterly or Monthly. */
  premiumFrequency: string;
  /** Years of premium payment; the deferment period is the same. */
  premiumPayingTerm: number;
  /** Yearly, Half Yearly, Quarterly or Monthly. */
  annuityFrequency: string;
  /** The option's component code (the basis's options[].code) or its name. */
  planOption: string;
  staff?: boolean;
  online?: boolean;
  /** yyyy-mm-dd: the date ages are taken at and the GST row is chosen for. */
  proposalDate: string;
}

/** The input checked against the basis, with its names resolved to the basis's entries. */
export interface ResolvedDeferredAnnuityInput {
  entryAge: number;
  gender: string;
  second?: { entryAge: number; gender: string };
  installmentPremium: number;
  premiumFrequency: PremiumFrequency;
  premiumPayingTerm: number;
  annuityFrequency: AnnuityFrequency;
  option: PlanOption;
  staff: boolean;
  online: boolean;
  proposalDate: string;
}

/** One policy year of the benefit illustration. Whole rupees. */
export interface DeferredAnnuityScheduleRow {
  policyYear: number;
  /** Age last birthday at the start of the year. */
  age: number;
  secondAge?: number;
  /** Premiums paid in the year, before tax. */
  premiumPaid: number;
  /** Tax on the year's premiums. */
  gst: number;
  totalPremiumsPaid: number;
  /** Annuity paid in the year (every instalment of the year added up). */
  guaranteedAnnuity: number;
  /** Part of the purchase price returned at the end of the year on survival (options with survival returns). */
  survivalReturn: number;
  /** Paid if death (or, where the option covers it, a critical illness after vesting) occurs in the year. */
  deathBenefit: number;
  /** Surrender value at the end of the year; 0 once the annuity is in payment. */
  surrenderValue: number;
}

/** The "how we calculated this" figures, at vesting, per surviving policy. */
export interface DeferredAnnuityExplanation {
  interestRatePercent: number;
  /** Premiums accumulated at the interest rate alone to vesting. */
  premiumsAccumulatedAtInterest: number;
  /** Premiums less the cost of deferment death benefits, accumulated with interest and survivorship. */
  fundAtVesting: number;
  /** Value at vesting of the purchase price to be returned (on death, illness or survival). */
  valueOfReturnsAtVesting: number;
  /** Cost at vesting of 1 rupee a year of annuity for life (4 decimals). */
  annuityFactorAtVesting: number;
  /** (fundAtVesting − valueOfReturnsAtVesting) ÷ annuityFactorAtVesting, before bonuses. */
  baseAnnualAnnuity: number;
  bonusPercent: number;
  frequencyFactor: number;
}

export interface DeferredAnnuityQuoteResult {
  planCode: string;
  componentCode: string;
  planOptionName: string;
  category: 'Single' | 'Joint';
  proposalDate: string;
  entryAge: number;
  secondEntryAge?: number;
  premiumFrequency: string;
  annuityFrequency: string;
  premiumPayingTerm: number;
  defermentYears: number;
  vestingAge: number;
  /** Age last birthday when the first annuity instalment is paid. */
  firstPayoutAge: number;

  installmentPremium: number;
  /** Same as installmentPremium: the instalment before tax (the quote service's name). */
  basePremiumAmount: number;
  /** installmentPremium ÷ annualisation divisor, rounded. */
  annualPremium: number;
  /** Tax on the first-year instalment. */
  gstAmount: number;
  gstFirstYearPercent: number;
  installmentPremiumWithTaxFY: number;
  /** Premiums paid in a year: installmentPremium × instalments a year. */
  premiumPaidPerYear: number;
  /** TPP: premiums payable over the premium paying term, before tax. */
  totalPremiumPayable: number;
  totalPremiumPayableWithTax: number;
  /** 0: the plan has no sum assured (the quote request sends SumAssured 0). */
  sumAssured: number;

  /** Per payout at the annuity frequency, after bonuses and the frequency factor. */
  annuityInstallmentAmount: number;
  /** annuityInstallmentAmount × payouts a year (before any escalation). */
  annualAnnuity: number;
  /** Purchase price returned on death after vesting (at its start); 0 without return. */
  deathBenefitOnVesting: number;

  youPay: {
    installmentPremiumWithTaxFY: number;
    premiumFrequency: string;
    premiumPayingTerm: number;
    totalPremiumPayable: number;
  };
  youGet: {
    annuityInstallmentAmount: number;
    annuityFrequency: string;
    annualAnnuity: number;
    fromAge: number;
    forLife: true;
    returnOfPurchasePrice: number;
    totalSurvivalReturns: number;
  };
  explanation: DeferredAnnuityExplanation;
  schedule: DeferredAnnuityScheduleRow[];
  footnotes: string[];
}
