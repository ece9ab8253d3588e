import { describe, expect, it } from 'vitest';
import { annuitantQx, annuitantRatioCurve } from '../../../src/pricing/annuitantMortality.ts';
import { tableAgeRange, tableQ } from '../../../src/pricing/mortalityTable.ts';
import { lastSurvivorCurve } from '../../../src/pricing/survival.ts';
import { basis, mortality } from './deferredAnnuityFixture.ts';

/** The Indian Individual Annuitant's Mortality 2012-15 rates we know (PRICING.md). */
const KNOWN_ANNUITANT_QX: Record<number, number> = {
  60: 0.0063,
  65: 0.0101,
  70: 0.0164,
  75: 0.0274,
  80: 0.0467,
  85: 0.0808,
  90: 0.1398,
  95: 0.2367,
  100: 0.3821,
};

describe('vendored IALM 2012-14 table', () => {
  it('holds ages 2 to 115 and ends in q = 1', () => {
    expect(tableAgeRange(mortality)).toEqual({ min: 2, max: 115 });
    expect(Object.keys(mortality.qx)).toHaveLength(114);
    expect(mortality.qx['2']).toBe(0.000915);
    expect(mortality.qx['115']).toBe(1);
    expect(mortality.ageBasis).toBe('age last birthday');
  });

  it('gives q = 1 from the limiting age', () => {
    expect(tableQ(mortality, 115)).toBe(1);
    expect(tableQ(mortality, 130)).toBe(1);
  });
});

describe('annuitant mortality stand-in (an approximation)', () => {
  it('is marked as one for builders, and the illustration tells the buyer what the rates are based on', () => {
    expect(basis.mortality.approximation).toBe(true);
    expect(basis.mortality.approximationNote).toMatch(/is not available/);
    // The buyer reads what the annuity is based on, in words written for them, not the builder's note.
    expect(basis.mortality.footnote).toMatch(/scaled to the published annuitant rates at ages 60 to 100/);
    expect(basis.mortality.footnote).not.toMatch(/approximation|not available/);
  });

  it('interpolates r(x) linearly and holds it flat outside 60–100', () => {
    const r = annuitantRatioCurve(basis.mortality.annuitantRatios);
    expect(r(45)).toBe(0.564);
    expect(r(60)).toBe(0.564);
    expect(r(62)).toBeCloseTo(0.564 + (0.634 - 0.564) * 0.4, 12);
    expect(r(100)).toBe(0.961);
    expect(r(110)).toBe(0.961);
  });

  it('reproduces the known annuitant rates within 0.1%', () => {
    const q = annuitantQx(mortality, basis.mortality, 'Male');
    for (const [age, known] of Object.entries(KNOWN_ANNUITANT_QX)) {
      expect(Math.abs(q(Number(age)) / known - 1)).toBeLessThan(0.001);
    }
  });

  it('rates a woman 3 years younger and Other at the average', () => {
    const male = annuitantQx(mortality, basis.mortality, 'Male');
    const female = annuitantQx(mortality, basis.mortality, 'Female');
    const other = annuitantQx(mortality, basis.mortality, 'Other');
    expect(female(70)).toBe(male(67));
    expect(other(70)).toBeCloseTo((male(70) + female(70)) / 2, 15);
  });

  it('keeps q = 1 at the limiting age so every curve ends', () => {
    expect(annuitantQx(mortality, basis.mortality, 'Male')(115)).toBe(1);
    expect(annuitantQx(mortality, basis.mortality, 'Female')(118)).toBe(1);
  });
});

describe('last-survivor curve', () => {
  it('is 1 − (1 − p1)(1 − p2) and ends at 0', () => {
    const curve = lastSurvivorCurve([() => 0.1, () => 0.2], 50);
    expect(curve.alive[1]).toBeCloseTo(1 - 0.1 * 0.2, 15);
    expect(curve.alive[2]).toBeCloseTo(1 - (1 - 0.81) * (1 - 0.64), 15);
    const q = annuitantQx(mortality, basis.mortality, 'Male');
    const ends = lastSurvivorCurve([(t) => q(80 + t), (t) => q(70 + t)]);
    expect(ends.alive.at(-1)).toBe(0);
  });
});
