import { describe, expect, it } from 'vitest';
import { furtherStage, STAGE_ORDER, stageReached } from '../../../engine/state/stageOrder.ts';

describe('stage order', () => {
  it('puts the proposal’s stages after payment, whatever their place in spec 02 §4.1', () => {
    expect(STAGE_ORDER.indexOf('payment-details')).toBeLessThan(STAGE_ORDER.indexOf('journey-details'));
    expect(STAGE_ORDER.at(-1)).toBe('document');
    expect(STAGE_ORDER[0]).toBe('basic-details');
  });

  it('reaches a stage from it or any later one, never from an earlier or unknown one', () => {
    expect(stageReached('personal-details', 'personal-details')).toBe(true);
    expect(stageReached('fatca-details', 'personal-details')).toBe(true);
    expect(stageReached('plan-details', 'personal-details')).toBe(false);
    expect(stageReached(undefined, 'plan-details')).toBe(false);
    expect(stageReached('somewhere', 'plan-details')).toBe(false);
  });

  it('never moves a stage back', () => {
    expect(furtherStage('pd-nominee-details', 'journey-details')).toBe('pd-nominee-details');
    expect(furtherStage('payment-details', 'journey-details')).toBe('journey-details');
    expect(furtherStage('fatca-details', 'payment-details')).toBe('fatca-details');
  });
});
