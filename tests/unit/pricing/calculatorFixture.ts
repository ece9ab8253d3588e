import Ajv from 'ajv';
import mortalityJson from '../../../schemas/common/mortality/ialm-2012-14.json';
import { configureAjv } from '../../../engine/validation/configureAjv.ts';
import type {
  Calculator,
  CalculatorRequest,
  PricedQuote,
  QuoteLife,
} from '../../../src/pricing/calculator.ts';
import type { MortalityTable } from '../../../src/pricing/mortalityTable.ts';
import { QuoteInputError } from '../../../src/pricing/QuoteInputError.ts';

export const mortality: MortalityTable = mortalityJson;
export const tables = { mortality };

/** A life of the given age (date of birth consistent with the proposal date below). */
export function life(age: number, changes: Partial<QuoteLife> = {}): QuoteLife {
  return {
    dateOfBirth: `${2026 - age - 1}-06-01`,
    age,
    gender: 'Male',
    smoker: false,
    name: 'Ravi Kumar',
    ...changes,
  };
}

export function request(
  plan: Record<string, unknown>,
  changes: Partial<CalculatorRequest> = {},
): CalculatorRequest {
  return { life: life(35), proposalDate: '2026-01-15', online: true, staff: false, plan, ...changes };
}

/** The QuoteInputError a price throws (fails the test if it prices or throws something else). */
export function inputErrorOf<B>(
  calculator: Calculator<B>,
  basis: B,
  req: CalculatorRequest,
): QuoteInputError {
  try {
    calculator.price(req, basis, tables);
  } catch (error) {
    if (error instanceof QuoteInputError) return error;
    throw error;
  }
  throw new Error('expected a QuoteInputError');
}

/** A figure of a quote as a number. */
export function figure(quote: PricedQuote, name: string): number {
  const value = quote.figures[name];
  if (typeof value !== 'number') throw new Error(`figure ${name} is not a number: ${String(value)}`);
  return value;
}

/** The ajv the server checks inputSchemas with (ajv-errors, union types, no coercion). */
export function inputValidator(calculator: Calculator<unknown>) {
  const ajv = configureAjv(
    new Ajv({ allErrors: true, allowUnionTypes: true, strictTypes: false, coerceTypes: false }),
    { formats: true },
  );
  return ajv.compile(calculator.inputSchema);
}

/** A strict draft-07 ajv for basis files (as plans:validate compiles them). */
export function basisValidator(calculator: Calculator<unknown>) {
  return new Ajv({ strict: true, allErrors: true }).compile(calculator.basisSchema);
}
