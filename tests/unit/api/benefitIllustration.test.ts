import { describe, expect, it } from 'vitest';
import { initialApplicationState } from '../../../engine/state/applicationState.ts';
import { benefitIllustrationPath, illustratedQuote } from '../../../src/api/benefitIllustration.ts';

describe('benefit illustration', () => {
  it("asks for the spec's path with the quote and the application number", () => {
    expect(benefitIllustrationPath('Q123', '6123456789')).toBe(
      '/proposal_service/v1/bi?pdfType=BOTH&Isotpverified=false&isVBI=true&quoteNumber=Q123&ApplicationNumber=6123456789',
    );
  });

  it('is for the quote the plan details hold, if any', () => {
    const state = initialApplicationState();
    expect(illustratedQuote(state)).toBeUndefined();
    expect(illustratedQuote({ ...state, planDetails: { isFilled: true, quoteNumber: 'Q9' } })).toBe('Q9');
  });
});
