import type { PricedQuote } from './calculator.ts';
import { headline, perFrequency, row, rupees } from './displayRows.ts';
import { formatMessage } from './QuoteInputError.ts';
import type { UnitLinkedBasis } from './unitLinkedBasis.ts';
import { chargesText, unitLinkedExplanation } from './unitLinkedExplanation.ts';
import type { UnitLinkedPricing } from './unitLinkedPricing.ts';
import { premiumsTable, scenarioTable } from './unitLinkedTables.ts';

const capitalised = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The priced unit-linked quote as rows for the screens and the illustration. */
export function unitLinkedRows(
  p: UnitLinkedPricing,
  basis: UnitLinkedBasis,
  proposalDate: string,
): PricedQuote {
  const { input, headline: lead } = p;
  const per = perFrequency(input.frequency.value);
  const withTax = p.installment + p.gst;
  const perYear = input.frequency.instalmentsPerYear;
  const totalPayable = input.single ? p.installment : p.installment * perYear * input.premiumPayingTerm;
  const maturityAge = input.entryAge + input.policyTerm;
  const gstLabel =
    input.riders.length && p.riderGstRate.firstYearPercent !== p.premiumGstRate.firstYearPercent
      ? `GST (${p.premiumGstRate.firstYearPercent}% on the premium, ${p.riderGstRate.firstYearPercent}% on riders)`
      : `GST (${p.premiumGstRate.firstYearPercent}%)`;
  return {
    planCode: basis.planCode,
    componentCode: basis.option.code,
    optionName: basis.option.name,
    premium: {
      installment: p.installment,
      frequency: input.frequency.value,
      annual: p.installment * perYear,
      base: p.installment,
      gst: p.gst,
      gstFirstYearPercent: p.premiumGstRate.firstYearPercent,
      withTaxFY: withTax,
      premiumPayingTerm: input.premiumPayingTerm,
      policyTerm: input.policyTerm,
      totalPayable,
    },
    sumAssured: input.sumAssured,
    figures: {
      sumAssured: input.sumAssured,
      sumAssuredMultiple: input.sumAssuredMultiple,
      annualisedPremium: input.annualisedPremium,
      entryAge: input.entryAge,
      maturityAge,
      lockInYears: basis.discontinuance.lockInYears,
      investmentStrategy: input.investment.strategy?.name ?? '',
      fundManagementChargePercent: round4(input.investment.fmcPercentInYear(1)),
      riderPremium: p.riderInstalment,
      riders: input.riders.map((r) => r.rider.name).join(', '),
      ...Object.fromEntries(
        p.scenarios.flatMap((s) => {
          const name = capitalised(s.scenario.id);
          return [
            [`grossReturn${name}`, s.scenario.grossReturnPercent],
            [`maturityFundValue${name}`, s.maturityValue],
            [`netYield${name}`, s.netYield],
            [`reductionInYield${name}`, s.reductionInYield],
          ];
        }),
      ),
    },
    headline: headline('Pay', withTax, input.frequency.value),
    youPay: [
      row('installmentPremiumWithTaxFY', 'Premium', withTax, 'rupees', { suffix: per }),
      input.single
        ? row('premiumPayingTerm', 'Premium Paying Term', 'Single Premium', 'text')
        : row('premiumPayingTerm', 'Premium Paying Term', input.premiumPayingTerm, 'years', {
            note: input.regularPay ? 'for the whole policy term' : 'limited pay',
          }),
      row('policyTerm', 'Policy Term', input.policyTerm, 'years'),
      row('totalPremiumPayable', 'Total Premium Payable', totalPayable, 'rupees'),
    ],
    youGet: [
      row('sumAssured', 'Sum Assured', input.sumAssured, 'rupees', {
        note: `on death: ${basis.deathBenefit.text}`,
      }),
      ...p.scenarios.map((s) =>
        row(
          `maturityFundValue-${s.scenario.id}`,
          `Fund Value at Maturity at ${s.scenario.grossReturnPercent}%`,
          s.maturityValue,
          'rupees',
          {
            suffix: `at age ${maturityAge}`,
            note: 'not guaranteed',
          },
        ),
      ),
      row(
        `netYield-${lead.scenario.id}`,
        `Net Yield at ${lead.scenario.grossReturnPercent}%`,
        lead.netYield,
        'percent',
      ),
      row(`reductionInYield-${lead.scenario.id}`, 'Reduction in Yield', lead.reductionInYield, 'percent', {
        note: `${lead.scenario.grossReturnPercent}% gross less ${lead.netYield}% net`,
      }),
    ],
    breakup: [
      row('investmentPremium', 'Premium Invested', input.installmentPremium, 'rupees', { suffix: per }),
      ...input.riders.map((r) =>
        row(`riderPremium-${r.rider.code}`, r.rider.name, r.instalment, 'rupees', {
          note: `sum assured ${rupees(r.sumAssured)}`,
        }),
      ),
      ...p.riderDiscounts.map((d) =>
        row(`discount-${d.id}`, `${d.text} (${d.percent}%)`, -d.amount, 'rupees', {
          note: 'on rider premiums',
        }),
      ),
      ...p.chargeDiscounts.map((d) =>
        row(`chargeDiscount-${d.id}`, d.text, d.percent, 'percent', {
          note: chargesText(d),
        }),
      ),
      row('basePremiumAmount', 'Premium before GST', p.installment, 'rupees'),
      row('gstAmount', gstLabel, p.gst, 'rupees'),
      row('installmentPremiumWithTaxFY', 'Payable Now', withTax, 'rupees'),
    ],
    explanation: unitLinkedExplanation(p, basis),
    illustration: {
      tables: [
        premiumsTable(p, basis, proposalDate),
        ...p.scenarios.map((s) => scenarioTable(s, input.entryAge)),
      ],
      footnotes: [
        basis.mortality.footnote,
        formatMessage(basis.discontinuance.disclosure, { years: basis.discontinuance.lockInYears }),
        ...basis.illustration.footnotes,
      ],
    },
  };
}
