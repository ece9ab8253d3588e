import { describe, expect, it } from 'vitest';
import { savedProgress } from '../../../../src/app/proposal/savedProgress.ts';

const items = [
  { label: 'Basic', stages: ['basic-details'] },
  { label: 'Plan', stages: ['plan-details'] },
  { label: 'Payment', stages: ['payment-details', 'emandate-details'], payment: true },
  { label: 'Bank', stages: ['bank-details'] },
  { label: 'Documents', stages: ['document'] },
];

const statuses = (userStage: unknown, stepStage?: string) =>
  savedProgress(items, userStage, stepStage).map(({ status, here }) => `${status}${here ? '*' : ''}`);

describe('saved progress', () => {
  it('counts every item up to the one holding the userStage as saved, in the content order', () => {
    expect(statuses('plan-details')).toEqual(['saved', 'saved', 'pending', 'pending', 'pending']);
    expect(statuses('emandate-details')).toEqual(['saved', 'saved', 'saved', 'pending', 'pending']);
  });

  it('marks the step on screen as current, or as here when it is already saved', () => {
    expect(statuses('payment-details', 'bank-details')).toEqual([
      'saved',
      'saved',
      'saved',
      'current*',
      'pending',
    ]);
    expect(statuses('document', 'bank-details')).toEqual(['saved', 'saved', 'saved', 'saved*', 'saved']);
  });

  it('saves nothing for a stage it does not know', () => {
    expect(statuses(undefined, 'document')).toEqual(['pending', 'pending', 'pending', 'pending', 'current*']);
  });
});
