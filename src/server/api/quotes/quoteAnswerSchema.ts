import type { JsonSchema } from '../../lib/specSchema.ts';
import { FIGURE_NAME } from './quoteAnswer.ts';

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

/** One labelled figure (src/pricing/calculator.ts DisplayRow). */
const DISPLAY_ROW = closed(
  {
    id: string,
    label: string,
    value: { type: ['number', 'string'] },
    format: { type: 'string', enum: ['rupees', 'years', 'age', 'percent', 'date', 'text', 'number'] },
    suffix: string,
    note: string,
  },
  ['suffix', 'note'],
);

const ROWS = { type: 'array', items: DISPLAY_ROW } as const;

/**
 * The 200 answer's schema, for every plan (it is also what Fastify serialises: nothing else
 * leaves). The common fields are typed; the calculator's figures are the only other
 * properties, each a number or a text under a camelCase name.
 */
export const QUOTE_ANSWER_SCHEMA: JsonSchema = closed({
  status: { type: 'string', const: '200' },
  data: closed({
    quoteNumber: string,
    error: { type: 'null' },
    quotePlanSectionDetails: {
      ...closed({
        quoteNumber: string,
        planCode: string,
        productUIN: string,
        componentCode: string,
        optionName: string,
        proposalDate: string,
        sumAssured: number,
        annualPremium: number,
        installmentPremium: integer,
        basePremiumAmount: number,
        gstAmount: number,
        installmentPremiumWithTaxFY: number,
        premiumFrequency: string,
        premiumPayingTerm: integer,
        policyTerm: integer,
        totalPremiumPayable: number,
        headline: string,
        youPay: ROWS,
        youGet: ROWS,
        breakup: ROWS,
        explanation: ROWS,
      }),
      propertyNames: { pattern: FIGURE_NAME },
      additionalProperties: { type: ['number', 'string'] },
    },
  }),
});
