import { describe, expect, it } from 'vitest';
import { FactError, factAt, fillTemplate } from '../../../src/plans/compose/factTemplates.ts';

// The filters that write a fact in words or as a step's options (factTemplates.ts WORDING).
const facts = {
  sumAssured: { min: 2500000, max: 200000000, rider: 150000, small: 50000, big: 15000000 },
  limitedYears: [5, 10, 15],
  one: [7],
  options: [{ code: 'A' }, { code: 'B' }, { code: 'C' }],
  allocation: { equity1: 70, debt1: 30 },
  policyTerm: { minYears: 10, maxYears: 13, toAge: 'To Age 99' },
  terms: { min: 10, max: 12 },
  pairs: [
    { premiumPayingTerm: 5, policyTerm: 10 },
    { premiumPayingTerm: 10, policyTerm: 15 },
    { premiumPayingTerm: 10, policyTerm: 20 },
  ],
  lockInYears: 5,
};
const fill = (text: string) => fillTemplate(text, (path) => factAt(facts, path));

describe('wording filters', () => {
  it('lakh writes an amount in lakh or crore, as copy says a sum', () => {
    expect(fill('Cover from ₹ {{sumAssured.min|lakh}} to ₹ {{sumAssured.max|lakh}}')).toBe(
      'Cover from ₹ 25 lakh to ₹ 20 crore',
    );
    expect(fill('{{sumAssured.rider|lakh}}, {{sumAssured.big|lakh}}, {{sumAssured.small|lakh}}')).toBe(
      '1.5 lakh, 1.5 crore, 50,000',
    );
  });

  it('join writes a list in words, "and" unless told', () => {
    expect(fill('finish paying in {{limitedYears|join:or}} years')).toBe(
      'finish paying in 5, 10 or 15 years',
    );
    expect(fill('{{limitedYears|join}}')).toBe('5, 10 and 15');
    expect(fill('{{one|join:or}} years')).toBe('7 years');
    expect(() => fill('{{sumAssured.min|join:or}}')).toThrow(FactError);
  });

  it('count is the number of items of a list or names of a map', () => {
    expect(fill('{{options|count}} options')).toBe('3 options');
    expect(fill('{{allocation|count}}')).toBe(2);
    expect(() => fill('{{sumAssured.min|count}}')).toThrow(/'count' needs a list or a map/);
  });

  it('range and choices make a step’s options from a basis’s minimum and maximum', () => {
    expect(fill('{{terms|range}}')).toEqual([10, 11, 12]);
    expect(fill('{{policyTerm|range|choices:# Years}}')).toEqual([
      { const: 10, title: '10 Years' },
      { const: 11, title: '11 Years' },
      { const: 12, title: '12 Years' },
      { const: 13, title: '13 Years' },
    ]);
    expect(fill('{{limitedYears|choices:Limited Pay # Years}}')).toEqual([
      { const: 5, title: 'Limited Pay 5 Years' },
      { const: 10, title: 'Limited Pay 10 Years' },
      { const: 15, title: 'Limited Pay 15 Years' },
    ]);
    expect(() => fill('{{limitedYears|choices:Years}}')).toThrow(/needs a '#'/);
    expect(() => fill('{{allocation|range}}')).toThrow(/'range \(its min…\)' needs a number/);
    expect(() => fill('{{limitedYears|range}}')).toThrow(/'range' needs an object/);
  });

  it('join with a mark joins every item alike', () => {
    expect(fill('{{limitedYears|join:,}}')).toBe('5, 10, 15');
    expect(fill('{{limitedYears|join:;}}')).toBe('5; 10; 15');
  });

  it('each writes every item of a list, unique drops repeats, capital starts a sentence', () => {
    expect(fill('one of {{pairs|each:#premiumPayingTerm/#policyTerm|join:,}} years')).toBe(
      'one of 5/10, 10/15, 10/20 years',
    );
    expect(fill('{{pairs|each:#premiumPayingTerm|unique}}')).toEqual([5, 10]);
    expect(fill('{{pairs|each:#premiumPayingTerm|unique|choices:# Years}}')).toEqual([
      { const: 5, title: '5 Years' },
      { const: 10, title: '10 Years' },
    ]);
    expect(
      fill(
        '{{pairs|each:pay for #premiumPayingTerm years with a #policyTerm-year policy term|join:;|capital}}.',
      ),
    ).toBe(
      'Pay for 5 years with a 10-year policy term; pay for 10 years with a 15-year policy term; pay for 10 years with a 20-year policy term.',
    );
    expect(fill('{{limitedYears|each:# years}}')).toEqual(['5 years', '10 years', '15 years']);
    expect(() => fill('{{pairs|each:#term}}')).toThrow(FactError);
  });

  it('words and ordinal write a small number as a word', () => {
    expect(
      fill('during the first {{lockInYears|words}} years, till the end of the {{lockInYears|ordinal}} year'),
    ).toBe('during the first five years, till the end of the fifth year');
    expect(fill('from the {{lockInYears|plus:1|ordinal}} policy year')).toBe('from the sixth policy year');
    expect(() => fill('{{sumAssured.min|words}}')).toThrow(/'words' writes 0 to 20/);
    expect(() => fill('{{terms|ordinal}}')).toThrow(/'ordinal' needs a number/);
  });
});
