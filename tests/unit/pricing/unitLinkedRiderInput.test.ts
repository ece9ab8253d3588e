import { describe, expect, it } from 'vitest';
import type { Calculator } from '../../../src/pricing/calculator.ts';
import type { UnitLinkedBasis } from '../../../src/pricing/unitLinkedBasis.ts';
import { unitLinked } from '../../../src/pricing/unitLinkedCalculator.ts';
import { chosenRiders } from '../../../src/pricing/unitLinkedRiders.ts';
import { inputValidator } from './calculatorFixture.ts';
import { priceUlip, ulipInputError, ulipPlan } from './unitLinkedFixture.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const u27Basis = readPlanFile('U27', 'pricing-basis.json');

/*
 * PlanSectionDetails.Riders as the plan-details form keeps them (planDetails.riders): an object
 * by rider code of { add, sumAssured }, the sum assured typed with Indian grouping. It prices
 * exactly as the list of { code, sumAssured } does; a rider not added is no rider; a rider out
 * of its limits or its entry ages is refused in the basis's words.
 */

const u27 = u27Basis as unknown as UnitLinkedBasis;
const context = { entryAge: 35, baseSumAssured: 1000000, instalmentsPerYear: 1, single: false };

describe('unitLinked riders sent as the form keeps them', () => {
  it('prices the object form as the list form, to the rupee', () => {
    const asList = priceUlip({
      Riders: [
        { code: 'ADB', sumAssured: 500000 },
        { code: 'CI', sumAssured: 300000 },
      ],
    });
    const asForm = priceUlip({
      Riders: { ADB: { add: true, sumAssured: '5,00,000' }, CI: { add: true, sumAssured: '3,00,000' } },
    });
    expect(asForm).toEqual(asList);
    // 0.60 and (age 35) 2.20 per 1,000 a year: the riders are there, not silently dropped.
    expect(
      asForm.breakup.filter((r) => r.id.startsWith('riderPremium-')).map((r) => [r.id, r.value]),
    ).toEqual([
      ['riderPremium-ADB', 300],
      ['riderPremium-CI', 660],
    ]);
    expect(asForm.figures.riders).toBe('Accidental Death Benefit Rider, Critical Illness Rider');
  });

  it('ignores a rider whose add is false, whatever sum assured it keeps', () => {
    const without = priceUlip({});
    const unticked = priceUlip({
      Riders: { ADB: { add: false, sumAssured: '50,000' }, CI: { add: false } },
    });
    expect(unticked).toEqual(without);
    expect(unticked.breakup.some((r) => r.id.startsWith('riderPremium-'))).toBe(false);
    const oneOfTwo = priceUlip({
      Riders: { ADB: { add: true, sumAssured: '2,00,000' }, CI: { add: false, sumAssured: '99' } },
    });
    expect(oneOfTwo).toEqual(priceUlip({ Riders: [{ code: 'ADB', sumAssured: 200000 }] }));
    // Only `true` adds a rider: a form's 'true' text or a missing add does not.
    expect(
      chosenRiders(
        { ADB: { add: 'true', sumAssured: '2,00,000' }, CI: { sumAssured: '2,00,000' } },
        u27,
        context,
      ),
    ).toEqual([]);
  });

  it('refuses a sum assured out of the rider’s limits with the basis’s message', () => {
    const adb = (sumAssured: unknown) => ulipInputError({ Riders: { ADB: { add: true, sumAssured } } });
    expect(adb('99,999')).toMatchObject({
      field: 'Riders',
      message: 'Accidental Death Benefit Rider sum assured should be between ₹ 1,00,000 and ₹ 10,00,000',
    });
    // At most the base sum assured (10 × 1,00,000 here) as well as the rider's own maximum.
    expect(adb('10,00,001').message).toBe(
      'Accidental Death Benefit Rider sum assured should be between ₹ 1,00,000 and ₹ 10,00,000',
    );
    expect(adb(undefined).message).toBe(
      'Accidental Death Benefit Rider sum assured should be between ₹ 1,00,000 and ₹ 10,00,000',
    );
    expect(adb('').message).toBe(
      'Accidental Death Benefit Rider sum assured should be between ₹ 1,00,000 and ₹ 10,00,000',
    );
    expect(
      ulipInputError({ Riders: { CI: { add: true, sumAssured: '5,00,00,000' } } }, { age: 40 }).message,
    ).toBe('Critical Illness Rider sum assured should be between ₹ 1,00,000 and ₹ 10,00,000');
    expect(ulipInputError({ Riders: { WOP: { add: true, sumAssured: '2,00,000' } } }).message).toBe(
      'Unknown rider WOP',
    );
  });

  it('refuses a rider for a life insured below (or above) the rider’s entry ages', () => {
    expect(
      ulipInputError({ Riders: { ADB: { add: true, sumAssured: '2,00,000' } } }, { age: 17 }),
    ).toMatchObject({
      field: 'Riders',
      message: 'Accidental Death Benefit Rider is available for entry ages 18 to 65',
    });
    expect(
      ulipInputError({ Riders: { CI: { add: true, sumAssured: '2,00,000' } } }, { age: 61 }).message,
    ).toBe('Critical Illness Rider is available for entry ages 18 to 60');
    // Not added, no age to meet: the child is priced without it.
    expect(priceUlip({ Riders: { ADB: { add: false } } }, { age: 17 }).premium.installment).toBe(
      priceUlip({}, { age: 17 }).premium.installment,
    );
  });

  it('refuses riders with a single premium, in either form', () => {
    const single = { PremiumFrequency: 'Single', PremiumPayingTerm: 'Single', PolicyTerm: 10 };
    expect(
      ulipInputError({ ...single, Riders: { ADB: { add: true, sumAssured: '2,00,000' } } }),
    ).toMatchObject({
      field: 'Riders',
      message: 'Riders are available only with regular premiums',
    });
  });

  it('U27’s own basis prices its riders from its entry ages, and refuses a child', () => {
    // The journey's case: 50,000 a year at 35, the Accidental Death Benefit Rider on 2,00,000.
    const riders = chosenRiders({ ADB: { add: true, sumAssured: '2,00,000' }, CI: { add: false } }, u27, {
      ...context,
      baseSumAssured: 500000,
    });
    expect(riders.map((r) => [r.rider.code, r.sumAssured, r.annualPremium])).toEqual([['ADB', 200000, 120]]);
    expect(() =>
      chosenRiders({ ADB: { add: true, sumAssured: '2,00,000' } }, u27, { ...context, entryAge: 10 }),
    ).toThrow('Accidental Death Benefit Rider is available for entry ages 18 to 65');
    expect(() =>
      chosenRiders({ CI: { add: true, sumAssured: '6,00,000' } }, u27, {
        ...context,
        baseSumAssured: 500000,
      }),
    ).toThrow('Critical Illness Rider sum assured should be between ₹ 1,00,000 and ₹ 5,00,000');
  });

  it('lets the object form through the calculator’s input schema, and nothing else in it', () => {
    const validate = inputValidator(unitLinked as Calculator<unknown>);
    expect(
      validate(ulipPlan({ Riders: { ADB: { add: true, sumAssured: '2,00,000' }, CI: { add: false } } })),
    ).toBe(true);
    expect(validate(ulipPlan({ Riders: { ADB: { add: true, sumAssured: '2,00,000', premium: 1 } } }))).toBe(
      false,
    );
    expect(validate(ulipPlan({ Riders: { ADB: { add: true, sumAssured: '2 lakh' } } }))).toBe(false);
    expect(validate(ulipPlan({ Riders: { ADB: { add: 'yes' } } }))).toBe(false);
  });
});
