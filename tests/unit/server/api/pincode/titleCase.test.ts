import { describe, expect, it } from 'vitest';
import { titleCase } from '../../../../../src/server/api/pincode/titleCase.ts';

describe('titleCase', () => {
  it.each([
    ['MADHYA PRADESH', 'Madhya Pradesh'],
    ['ANDAMAN & NICOBAR ISLANDS', 'Andaman & Nicobar Islands'],
    ['NORTH 24 PARGANAS', 'North 24 Parganas'],
    ['JANJGIR-CHAMPA', 'Janjgir-Champa'],
    ['K.V.RANGAREDDY', 'K.V.Rangareddy'],
    ['KAIMUR (BHABUA)', 'Kaimur (Bhabua)'],
    ['HAMIRPUR(HP)', 'Hamirpur(HP)'],
    ['Mysuru', 'Mysuru'],
    ['  NEW   DELHI ', 'New Delhi'],
  ])('%s → %s', (given, expected) => {
    expect(titleCase(given)).toBe(expected);
  });
});
