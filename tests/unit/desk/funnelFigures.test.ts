import { describe, expect, it } from 'vitest';
import {
  CHART_FONT_PX,
  CHART_LABEL_LINES,
  chartLabelGap,
  dropOffPercent,
  funnelSummary,
  topErrors,
  wrapLabel,
} from '../../../src/desk/funnelFigures.ts';

describe('the funnel’s figures', () => {
  it('gives the share of a step’s visits that went no further', () => {
    expect(dropOffPercent({ entered: 5, leftHere: 2 })).toBe('40%');
    expect(dropOffPercent({ entered: 3, leftHere: 1 })).toBe('33%');
    expect(dropOffPercent({ entered: 0, leftHere: 0 })).toBe('0%');
  });

  it('lists the most frequent errors first, at most three', () => {
    const errors = [
      { field: 'primary/pan', errorKey: 'pattern', count: 1 },
      { field: 'primary/dateOfBirth', errorKey: 'required', count: 4 },
      { field: 'primary/mobile', errorKey: 'pattern', count: 2 },
      { field: 'primary/email', errorKey: 'format', count: 2 },
    ];
    expect(topErrors({ errors })).toEqual([
      'primary/dateOfBirth (required) × 4',
      'primary/email (format) × 2',
      'primary/mobile (pattern) × 2',
    ]);
    expect(topErrors({ errors: [] })).toEqual([]);
    expect(topErrors({ errors: [{ field: null, errorKey: null, count: 1 }] })).toEqual([
      'no field (no key) × 1',
    ]);
  });

  it('says what the chart shows in words', () => {
    const step = { step: 'plan-details', title: 'Plan details', medianMs: null, errors: [] };
    expect(
      funnelSummary('Guaranteed Pension Plan', [
        { ...step, entered: 3, leftHere: 1 },
        { ...step, step: 'basic-details', title: 'Basic details', entered: 2, leftHere: 2 },
      ]),
    ).toBe(
      'Guaranteed Pension Plan: Plan details, 3 entered, 1 left here; Basic details, 2 entered, 2 left here.',
    );
    expect(funnelSummary('Guaranteed Pension Plan', [])).toBe(
      'Guaranteed Pension Plan: no visits in this period.',
    );
  });

  it('wraps a long step title on at most two lines of about 14 characters', () => {
    expect(wrapLabel('Plan details')).toBe('Plan details');
    expect(wrapLabel('Additional details of the insured')).toBe('Additional\ndetails of…');
    expect(wrapLabel('Share your basic details to calculate regular pension income')).toBe(
      'Share your\nbasic details…',
    );
    expect(wrapLabel('Share your basic details to calculate regular pension income', 30)).toBe(
      'Share your basic details to\ncalculate regular pension…',
    );
    expect(wrapLabel('Upload the documents of the life assured', 14, 3)).toBe(
      'Upload the\ndocuments of\nthe life…',
    );
  });

  it('leaves at least a line’s room between one step’s title and the next in the chart', () => {
    const titles = [
      'Share your basic details to calculate regular pension income',
      'Upload the documents of the life assured',
      'Health and lifestyle declarations',
    ];
    for (const title of titles) {
      expect(wrapLabel(title).split('\n').length).toBeLessThanOrEqual(CHART_LABEL_LINES);
    }
    expect(chartLabelGap()).toBeGreaterThanOrEqual(2 * CHART_FONT_PX);
    // Three lines in the same row would leave less than a line between titles.
    expect(chartLabelGap(3)).toBeLessThan(CHART_FONT_PX);
  });
});
