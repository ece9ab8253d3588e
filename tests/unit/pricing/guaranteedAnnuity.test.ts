import { describe, expect, it } from 'vitest';
import type { CalculatorRequest } from '../../../src/pricing/calculator.ts';
import type { GuaranteedAnnuityBasis } from '../../../src/pricing/guaranteedAnnuityBasis.ts';
import { guaranteedAnnuity } from '../../../src/pricing/guaranteedAnnuityCalculator.ts';
import { figure, inputErrorOf, life, request, tables } from './calculatorFixture.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const i02Json = readPlanFile('I02', 'pricing-basis.json');

const basis = i02Json as unknown as GuaranteedAnnuityBasis;
const spouse = life(47, { gender: 'Female' });
function ask(option: string, changes: Record<string, unknown> = {}, flags: Partial<CalculatorRequest> = {}) {
  const joint = basis.options.find((o) => o.value === option)?.jointLife === true;
  return request(
    {
      InstallmentPremiumAmount: 200000,
      PremiumFrequency: 'Yearly',
      PremiumPayingTerm: 10,
      AnnuityFrequency: 'Yearly',
      AnnuityOption: option,
      AnnuityFor: joint ? 'Joint Life' : 'Single Life',
      ...changes,
    },
    { life: life(50), ...(joint ? { secondLife: spouse } : {}), ...flags },
  );
}
const pension = (
  option: string,
  changes: Record<string, unknown> = {},
  flags: Partial<CalculatorRequest> = {},
) => figure(guaranteedAnnuity.price(ask(option, changes, flags), basis, tables), 'annualAnnuity');

describe('guaranteedAnnuity options', () => {
  it('has the 12 options the plan advertises', () => {
    expect(basis.options).toHaveLength(12);
    expect(new Set(basis.options.map((o) => o.code)).size).toBe(12);
  });

  it('pays less for what else it gives back', () => {
    expect(pension('LROP')).toBeLessThan(pension('LA'));
    expect(pension('LROPCI')).toBeLessThan(pension('LROP'));
    expect(pension('LROPI')).toBeLessThan(pension('LROP'));
    expect(pension('LC10')).toBeLessThan(pension('LA'));
    expect(pension('LC20')).toBeLessThan(pension('LC10'));
    expect(pension('JLSROP')).toBeLessThan(pension('JLS'));
  });

  it('pays a joint life (last survivor) less than a single life; 50% to the survivor in between', () => {
    expect(pension('JLS')).toBeLessThan(pension('LA'));
    expect(pension('JL50')).toBeGreaterThan(pension('JLS'));
    expect(pension('JL50')).toBeLessThan(pension('LA'));
  });

  it('starts an increasing annuity lower than a level one, and 5% lower than 3%', () => {
    expect(pension('LI3')).toBeLessThan(pension('LA'));
    expect(pension('LI5')).toBeLessThan(pension('LI3'));
    const quote = guaranteedAnnuity.price(ask('LI5'), basis, tables);
    const rows = quote.illustration.tables[0]!.rows;
    // Paid yearly, in arrears: the first pension a year after vesting (60), in the row of age 61.
    const firstRow = rows.findIndex((row) => Number(row.guaranteedAnnuity) > 0);
    expect(rows[firstRow]!.age).toBe(61);
    expect(figure(quote, 'firstPayoutAge')).toBe(61);
    const first = Number(rows[firstRow]!.guaranteedAnnuity);
    expect(Number(rows[firstRow + 2]!.guaranteedAnnuity)).toBe(Math.round(first * 1.1));
  });

  it('pays a later vesting more (deferred option vests 5 years after the last premium)', () => {
    const deferred = guaranteedAnnuity.price(ask('DLROP'), basis, tables);
    expect(figure(deferred, 'vestingAge')).toBe(65);
    expect(figure(deferred, 'annualAnnuity')).toBeGreaterThan(pension('LROP'));
  });

  it('rises with the premium, the entry age and the premium paying term', () => {
    expect(
      Math.abs(pension('LA', { InstallmentPremiumAmount: 400000 }) - 2 * pension('LA')),
    ).toBeLessThanOrEqual(2);
    const byAge = [15, 25, 35, 45, 55].map((age) =>
      figure(guaranteedAnnuity.price({ ...ask('LA'), life: life(age) }, basis, tables), 'annualAnnuity'),
    );
    for (let k = 1; k < byAge.length; k++) expect(byAge[k]).toBeGreaterThan(byAge[k - 1]!);
    const byTerm = [5, 8, 10, 12, 15].map((PremiumPayingTerm) => pension('LROP', { PremiumPayingTerm }));
    for (let k = 1; k < byTerm.length; k++) expect(byTerm[k]).toBeGreaterThan(byTerm[k - 1]!);
  });

  it('adds 2% online and nothing for staff', () => {
    const offline = pension('LA', {}, { online: false });
    expect(Math.abs(pension('LA') - offline * 1.02)).toBeLessThanOrEqual(1);
    expect(pension('LA', {}, { staff: true })).toBe(pension('LA'));
  });

  it('agrees to the rupee between the quote and the illustration', () => {
    const quote = guaranteedAnnuity.price(ask('LROPI', { AnnuityFrequency: 'Monthly' }), basis, tables);
    const rows = quote.illustration.tables[0]!.rows;
    expect(rows[10]!.guaranteedAnnuity).toBe(figure(quote, 'annualAnnuity'));
    expect(figure(quote, 'annualAnnuity')).toBe(figure(quote, 'annuityInstallmentAmount') * 12);
    expect(rows.reduce((s, r) => s + Number(r.premiumPaid), 0)).toBe(quote.premium.totalPayable);
    expect(rows.reduce((s, r) => s + Number(r.survivalReturn), 0)).toBe(2000000);
    expect(quote.headline).toMatch(/^Get ₹ [0-9,]+ a month$/);
  });

  it('refuses input outside the basis', () => {
    expect(inputErrorOf(guaranteedAnnuity, basis, { ...ask('LA'), life: life(56) })).toMatchObject({
      field: 'life.age',
      message: 'Age should be between 15 and 55',
    });
    expect(inputErrorOf(guaranteedAnnuity, basis, { ...ask('LA'), life: life(14) }).message).toBe(
      'Age should be between 15 and 55',
    );
    const { secondLife: _none, ...noSecond } = ask('JLS');
    expect(inputErrorOf(guaranteedAnnuity, basis, noSecond)).toMatchObject({
      field: 'secondLife',
      message: 'Please add the details of the second life for a joint life annuity.',
    });
    expect(inputErrorOf(guaranteedAnnuity, basis, ask('LA', { AnnuityFor: 'Joint Life' })).field).toBe(
      'AnnuityOption',
    );
    expect(inputErrorOf(guaranteedAnnuity, basis, ask('JLS', { AnnuityFor: 'Single Life' })).field).toBe(
      'AnnuityFor',
    );
    expect(
      inputErrorOf(guaranteedAnnuity, basis, ask('LA', { InstallmentPremiumAmount: 49999 })).message,
    ).toBe('Minimum Investment Amount should be 50,000.');
    expect(
      inputErrorOf(guaranteedAnnuity, basis, ask('LA', { InstallmentPremiumAmount: 123456789012345 }))
        .message,
    ).toBe('Maximum Investment Amount is ₹ 1,00,00,000.');
    expect(inputErrorOf(guaranteedAnnuity, basis, ask('LA', { PremiumPayingTerm: 16 })).field).toBe(
      'PremiumPayingTerm',
    );
  });
});
