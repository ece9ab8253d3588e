import { addYearsIso } from './ageLastBirthday.ts';
import type { Calculator, CalculatorRequest, PricedQuote, PricingTables, QuoteLife } from './calculator.ts';

/**
 * A plan's worked example as its content states it (landing page 'Visualize your plan',
 * brochure): who, on what date, with which PlanSectionDetails. Ages are given directly.
 */
export interface PlanExampleInputs {
  life: { age: number; gender: string; smoker?: boolean };
  secondLife?: { age: number; gender: string; smoker?: boolean };
  /** yyyy-mm-dd; the GST row and nothing else depends on it. */
  proposalDate: string;
  online: boolean;
  staff?: boolean;
  plan: Record<string, unknown>;
}

function exampleLife(life: PlanExampleInputs['life'], proposalDate: string): QuoteLife {
  // Born on the proposal date `age` years earlier: the age last birthday is `age` exactly.
  return {
    dateOfBirth: addYearsIso(proposalDate, -life.age),
    age: life.age,
    gender: life.gender,
    smoker: life.smoker === true,
    name: 'Example',
  };
}

/**
 * The example's quote, priced by the plan's own calculator and basis: the figures a landing
 * page or brochure shows must be these (plans:validate compares them). Pure; throws what the
 * calculator throws (QuoteInputError for an example outside the basis).
 */
export function planExample<Basis>(
  calculator: Calculator<Basis>,
  basis: Basis,
  tables: PricingTables,
  inputs: PlanExampleInputs,
): PricedQuote {
  const request: CalculatorRequest = {
    life: exampleLife(inputs.life, inputs.proposalDate),
    ...(inputs.secondLife ? { secondLife: exampleLife(inputs.secondLife, inputs.proposalDate) } : {}),
    proposalDate: inputs.proposalDate,
    online: inputs.online,
    staff: inputs.staff === true,
    plan: inputs.plan,
  };
  return calculator.price(request, basis, tables);
}
