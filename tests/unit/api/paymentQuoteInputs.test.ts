import { describe, expect, it } from 'vitest';
import { comparable } from '../../../src/server/api/payments/initiatePayment.ts';

/*
 * Before a payment, the stored quote must have priced what the application holds, input by
 * input. Unit-linked plans send inputs made of parts (a fund split, the funds a strategy
 * picks, riders): each part counts, however the parts are ordered or the amounts grouped.
 */
describe('a quote input as the payment compares it', () => {
  it('tells riders, fund splits and fund picks apart by their parts', () => {
    const noRider = { ADB: { add: false } };
    const rider = { ADB: { add: true, sumAssured: '2,00,000' } };
    expect(comparable(rider)).not.toBe(comparable(noRider));
    expect(comparable({ equity1: 40, debt1: 60 })).not.toBe(comparable({ equity1: 60, debt1: 40 }));
    expect(comparable({ definedFunds: ['equity1', 'value', 'indexTracker', 'liquid1'] })).not.toBe(
      comparable({ definedFunds: ['equity1', 'value', 'indexTracker', 'debt1'] }),
    );
    expect(comparable([{ code: 'ADB', sumAssured: 200000 }])).not.toBe(comparable([]));
  });

  it('reads the same parts the same in any key order, with amounts grouped or not', () => {
    expect(comparable({ ADB: { sumAssured: '2,00,000', add: true } })).toBe(
      comparable({ ADB: { add: true, sumAssured: 200000 } }),
    );
    expect(comparable({ debt1: 60, equity1: 40 })).toBe(comparable({ equity1: 40, debt1: 60 }));
    // Parts that hold nothing were not priced.
    expect(comparable({ equity1: 100, debt1: '' })).toBe(comparable({ equity1: 100 }));
  });

  it('compares plain inputs as before: amounts without grouping, numbers as text', () => {
    expect(comparable('1,50,000')).toBe('150000');
    expect(comparable(150000)).toBe('150000');
    expect(comparable(undefined)).toBe('');
    expect(comparable('Yearly')).toBe('Yearly');
  });
});
