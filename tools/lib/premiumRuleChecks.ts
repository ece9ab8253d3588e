import type { LoadedPlan, PlanFiles } from '../../engine/plan/types.ts';
import { basisFrequencies } from './basisFacts.ts';
import { amountsIn, rupees, type Problem } from './problem.ts';
import type { RegisteredCalculator } from './registries.ts';
import { walkSchema } from './schemaWalk.ts';

/*
 * One source for premium rules. plan.json `paymentFrequencies` states each frequency's
 * minimum premium and annualisation divisor; a step's `minimumByFrequency` and the
 * calculator's basis must say the same. plan.json `payment.basbaMaximumPremium` is the
 * Bima-ASBA limit; the make-payment form's rules and messages must use that figure.
 */

const PAY_MODE = '/paymentDetails/payMode';
const BOUNDS = ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum'] as const;

export function checkPremiumRules(
  code: string,
  plan: LoadedPlan,
  files: PlanFiles,
  calculator: RegisteredCalculator | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const planFile = `plans/${code}/plan.json`;
  const frequencies = plan.config.paymentFrequencies ?? [];
  const index = new Map(frequencies.map((f, i) => [f.value, i]));
  const forms = [...Object.values(plan.steps), ...Object.values(plan.popups)];

  for (const form of forms) {
    const file = `plans/${code}/${form.definition.schema}`;
    walkSchema(form.schema, ({ schema, schemaPath }) => {
      const rule = schema.minimumByFrequency as { minimums?: Record<string, number> } | undefined;
      if (!rule?.minimums) return;
      for (const [value, minimum] of Object.entries(rule.minimums)) {
        const i = index.get(value);
        if (i === undefined) {
          problems.push({
            file,
            where: `${schemaPath}/minimumByFrequency/minimums/${value}`,
            message: `gives a minimum for "${value}", which is not one of plan.json /paymentFrequencies (${[...index.keys()].join(', ')})`,
          });
        } else if (frequencies[i]!.minimumPremium !== minimum) {
          problems.push({
            file,
            where: `${schemaPath}/minimumByFrequency/minimums/${value}`,
            message: `says the ${value} minimum is ${rupees(minimum)}, but plan.json /paymentFrequencies/${i}/minimumPremium says ${rupees(frequencies[i]!.minimumPremium)}. Make them the same.`,
          });
        }
      }
      for (const [value, i] of index) {
        if (!(value in rule.minimums)) {
          problems.push({
            file,
            where: `${schemaPath}/minimumByFrequency/minimums`,
            message: `has no minimum for "${value}", which plan.json /paymentFrequencies/${i} offers (minimum ${rupees(frequencies[i]!.minimumPremium)})`,
          });
        }
      }
    });
  }

  const basis = calculator ? files[calculator.basisFile] : undefined;
  const table = basis ? basisFrequencies(basis) : undefined;
  if (calculator && table) {
    const basisFile = `plans/${code}/${calculator.basisFile}`;
    frequencies.forEach((frequency, i) => {
      const row = table.find((r) => r.value === frequency.value);
      if (!row) {
        problems.push({
          file: planFile,
          where: `/paymentFrequencies/${i}`,
          message: `offers "${frequency.value}", which ${basisFile} does not price (its frequencies: ${table.map((r) => r.value).join(', ')})`,
        });
        return;
      }
      const differ = (
        field: string,
        ours: number,
        theirs: number | undefined,
        basisField: string,
        show: (value: number) => string = (value) => String(value),
      ) => {
        if (theirs !== undefined && theirs !== ours) {
          problems.push({
            file: planFile,
            where: `/paymentFrequencies/${i}/${field}`,
            message: `is ${show(ours)} for ${frequency.value}, but ${basisFile} ${row.where}/${basisField} says ${show(theirs)}. Make them the same.`,
          });
        }
      };
      differ('minimumPremium', frequency.minimumPremium, row.minimum, 'minimumInstalment', rupees);
      differ(
        'annualisationDivisor',
        frequency.annualisationDivisor,
        row.annualisationDivisor,
        'annualisationDivisor',
      );
      differ('code', frequency.code, row.code, 'code');
    });
  }

  problems.push(...checkBasbaLimit(code, plan));
  return problems;
}

/** The make-payment form (the form bound to the pay mode) limits Bima-ASBA at plan.json's figure, in rules and words. */
function checkBasbaLimit(code: string, plan: LoadedPlan): Problem[] {
  const problems: Problem[] = [];
  const limit = plan.config.payment?.basbaMaximumPremium;
  const source = 'plan.json /payment/basbaMaximumPremium';
  const forms = [...Object.values(plan.steps), ...Object.values(plan.popups)].filter((form) =>
    Object.values(form.definition.bind).includes(PAY_MODE),
  );
  const compare = (file: string, where: string, found: number, what: string) => {
    if (limit === undefined) {
      problems.push({
        file,
        where,
        message: `${what} ${rupees(found)}, but ${source} is not set. Set it there.`,
      });
    } else if (found !== limit) {
      problems.push({
        file,
        where,
        message: `${what} ${rupees(found)}, but ${source} says ${rupees(limit)}. Make them the same.`,
      });
    }
  };
  for (const form of forms) {
    const schemaFile = `plans/${code}/${form.definition.schema}`;
    walkSchema(form.schema, ({ schema, schemaPath }) => {
      const condition = schema.if as Record<string, unknown> | undefined;
      if (condition) {
        walkSchema(condition, ({ schema: inner, schemaPath: innerPath }) => {
          for (const bound of BOUNDS) {
            if (typeof inner[bound] === 'number') {
              compare(
                schemaFile,
                `${schemaPath}/if${innerPath}/${bound}`,
                inner[bound],
                'limits Bima-ASBA at',
              );
            }
          }
        });
      }
      const messages = JSON.stringify(schema.errorMessage ?? '');
      if (schema.errorMessage && /BASBA|Bima-ASBA/.test(messages)) {
        for (const amount of amountsIn(messages)) {
          compare(
            schemaFile,
            `${schemaPath}/errorMessage`,
            amount,
            'its message quotes a Bima-ASBA limit of',
          );
        }
      }
    });
    const uiFile = `plans/${code}/${form.definition.uiSchema}`;
    const visit = (node: unknown, path: string) => {
      if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${path}/${i}`));
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'when' && Array.isArray(value)) {
            value.forEach((rule: Record<string, unknown>, i) => {
              for (const bound of BOUNDS) {
                if (typeof rule?.[bound] === 'number') {
                  compare(uiFile, `${path}/when/${i}/${bound}`, rule[bound], 'hides or limits Bima-ASBA at');
                }
              }
            });
          }
          visit(value, `${path}/${key}`);
        }
      }
    };
    visit(form.uiSchema, '');
  }
  return problems;
}
