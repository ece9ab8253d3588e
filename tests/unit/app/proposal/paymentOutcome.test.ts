import { describe, expect, it } from 'vitest';
import { paymentOutcome } from '../../../../src/app/proposal/paymentOutcome.ts';

describe('payment outcome', () => {
  it('reads an online payment by its status and BASBA by its mandate status', () => {
    expect(paymentOutcome({ payMode: 'Online', status: 'success', mihpayid: '1' })).toBe('paid');
    expect(paymentOutcome({ status: 'success' })).toBe('paid');
    expect(paymentOutcome({ payMode: 'BASBA', basbastatus: 'success', status: 'success' })).toBe(
      'basbaBlocked',
    );
    expect(paymentOutcome({ payMode: 'BASBA', basbastatus: 'initiated', status: 'pending' })).toBe(
      'basbaInitiated',
    );
  });

  it('is pay later when chosen and the premium is unsettled, otherwise not paid', () => {
    expect(paymentOutcome({ payLater: true, status: 'failure', payMode: 'Online' })).toBe('payLater');
    expect(paymentOutcome({ payLater: true, payMode: 'BASBA' })).toBe('payLater');
    expect(paymentOutcome({ payMode: 'Online', status: 'failure' })).toBe('notPaid');
    expect(paymentOutcome({ payMode: 'BASBA', status: 'success' })).toBe('notPaid');
    expect(paymentOutcome({})).toBe('notPaid');
  });
});
