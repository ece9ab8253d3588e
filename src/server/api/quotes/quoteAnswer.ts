import type { T54QuoteResult } from '../../../pricing/t54Quote.ts';
import type { JsonSchema } from '../../lib/specSchema.ts';

/** One annuity bonus of the basis and whether this quote has it. */
export interface QuoteBonus {
  id: string;
  text: string;
  percent: number;
  applied: boolean;
}

/**
 * `data.quotePlanSectionDetails` of the quote answer (spec 02 §3.4, §7): the quote service's
 * fields (sumAssured, annualPremium, basePremiumAmount, gstAmount, installmentPremium,
 * installmentPremiumWithTaxFY, annuityInstallmentAmount, annuityOption, youPay, youGet,
 * quoteNumber) and the rest of what the screens show. Whole rupees.
 */
export interface QuotePlanSectionDetails {
  quoteNumber: string;
  planCode: string;
  productUIN: string;
  componentCode: string;
  /** The plan option's name. */
  annuityOption: string;
  category: 'Single' | 'Joint';
  proposalDate: string;
  entryAge: number;
  secondEntryAge?: number;
  premiumFrequency: string;
  premiumPayingTerm: number;
  annuityFrequency: string;
  sumAssured: number;
  annualPremium: number;
  installmentPremium: number;
  basePremiumAmount: number;
  gstAmount: number;
  gstFirstYearPercent: number;
  installmentPremiumWithTaxFY: number;
  premiumPaidPerYear: number;
  totalPremiumPayable: number;
  totalPremiumPayableWithTax: number;
  annuityInstallmentAmount: number;
  annualAnnuity: number;
  vestingAge: number;
  firstPayoutAge: number;
  deathBenefitOnVesting: number;
  bonusPercent: number;
  bonuses: QuoteBonus[];
  youPay: T54QuoteResult['youPay'];
  youGet: T54QuoteResult['youGet'];
  explanation: T54QuoteResult['explanation'];
}

export interface QuoteAnswer {
  status: '200';
  data: { quoteNumber: string; quotePlanSectionDetails: QuotePlanSectionDetails; error: null };
}

export function quotePlanSectionDetails(
  quoteNumber: string,
  productUIN: string,
  result: T54QuoteResult,
  bonuses: QuoteBonus[],
): QuotePlanSectionDetails {
  return {
    quoteNumber,
    planCode: result.planCode,
    productUIN,
    componentCode: result.componentCode,
    annuityOption: result.planOptionName,
    category: result.category,
    proposalDate: result.proposalDate,
    entryAge: result.entryAge,
    ...(result.secondEntryAge !== undefined ? { secondEntryAge: result.secondEntryAge } : {}),
    premiumFrequency: result.premiumFrequency,
    premiumPayingTerm: result.premiumPayingTerm,
    annuityFrequency: result.annuityFrequency,
    sumAssured: result.sumAssured,
    annualPremium: result.annualPremium,
    installmentPremium: result.installmentPremium,
    basePremiumAmount: result.basePremiumAmount,
    gstAmount: result.gstAmount,
    gstFirstYearPercent: result.gstFirstYearPercent,
    installmentPremiumWithTaxFY: result.installmentPremiumWithTaxFY,
    premiumPaidPerYear: result.premiumPaidPerYear,
    totalPremiumPayable: result.totalPremiumPayable,
    totalPremiumPayableWithTax: result.totalPremiumPayableWithTax,
    annuityInstallmentAmount: result.annuityInstallmentAmount,
    annualAnnuity: result.annualAnnuity,
    vestingAge: result.vestingAge,
    firstPayoutAge: result.firstPayoutAge,
    deathBenefitOnVesting: result.deathBenefitOnVesting,
    bonusPercent: result.explanation.bonusPercent,
    bonuses,
    youPay: result.youPay,
    youGet: result.youGet,
    explanation: result.explanation,
  };
}

const integer = { type: 'integer' } as const;
const number = { type: 'number' } as const;
const string = { type: 'string' } as const;

function closed(properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    properties,
  };
}

/** The 200 answer's schema (it is also what Fastify serialises: nothing else leaves). */
export const QUOTE_ANSWER_SCHEMA: JsonSchema = closed({
  status: { type: 'string', const: '200' },
  data: closed({
    quoteNumber: string,
    error: { type: 'null' },
    quotePlanSectionDetails: closed(
      {
        quoteNumber: string,
        planCode: string,
        productUIN: string,
        componentCode: string,
        annuityOption: string,
        category: { type: 'string', enum: ['Single', 'Joint'] },
        proposalDate: string,
        entryAge: integer,
        secondEntryAge: integer,
        premiumFrequency: string,
        premiumPayingTerm: integer,
        annuityFrequency: string,
        sumAssured: integer,
        annualPremium: integer,
        installmentPremium: integer,
        basePremiumAmount: integer,
        gstAmount: integer,
        gstFirstYearPercent: number,
        installmentPremiumWithTaxFY: integer,
        premiumPaidPerYear: integer,
        totalPremiumPayable: integer,
        totalPremiumPayableWithTax: integer,
        annuityInstallmentAmount: integer,
        annualAnnuity: integer,
        vestingAge: integer,
        firstPayoutAge: integer,
        deathBenefitOnVesting: integer,
        bonusPercent: number,
        bonuses: {
          type: 'array',
          items: closed({ id: string, text: string, percent: number, applied: { type: 'boolean' } }),
        },
        youPay: closed({
          installmentPremiumWithTaxFY: integer,
          premiumFrequency: string,
          premiumPayingTerm: integer,
          totalPremiumPayable: integer,
        }),
        youGet: closed({
          annuityInstallmentAmount: integer,
          annuityFrequency: string,
          annualAnnuity: integer,
          fromAge: integer,
          forLife: { type: 'boolean' },
          returnOfPurchasePrice: integer,
          totalSurvivalReturns: integer,
        }),
        explanation: closed({
          interestRatePercent: number,
          premiumsAccumulatedAtInterest: integer,
          fundAtVesting: integer,
          valueOfReturnsAtVesting: integer,
          annuityFactorAtVesting: number,
          baseAnnualAnnuity: integer,
          bonusPercent: number,
          frequencyFactor: number,
        }),
      },
      ['secondEntryAge'],
    ),
  }),
});
