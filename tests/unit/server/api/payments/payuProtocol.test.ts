import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  gatewayName,
  gatewayText,
  normalisedAmount,
  requestHash,
  responseHash,
  sameHash,
} from '../../../../../src/server/api/payments/payuProtocol.ts';
import { basbaStatusOf, nextStatus } from '../../../../../src/server/api/payments/settlePayment.ts';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

describe('PayU hashes', () => {
  const form = {
    key: 'gtKFFx',
    txnid: 'BF0123',
    amount: '10.00',
    productinfo: 'Guaranteed Pension Plan',
    firstname: 'Ravi',
    email: 'ravi@example.in',
    udf1: '8892941567',
    udf2: 'Online',
    udf3: 'T54',
    udf4: 'T5412345678',
    udf5: '',
  };

  it('signs a request as key|txnid|amount|productinfo|firstname|email|udf1..udf5||||||salt', () => {
    expect(requestHash({ ...form, udf5: 'U5' }, 'SALT')).toBe(
      sha512(
        'gtKFFx|BF0123|10.00|Guaranteed Pension Plan|Ravi|ravi@example.in|8892941567|Online|T54|T5412345678|U5||||||SALT',
      ),
    );
    expect(requestHash({ ...form, udf1: undefined } as never, 'SALT')).toBe(
      sha512(
        'gtKFFx|BF0123|10.00|Guaranteed Pension Plan|Ravi|ravi@example.in||Online|T54|T5412345678|||||||SALT',
      ),
    );
  });

  it('verifies an answer as salt|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key', () => {
    const answer = { ...form, udf5: 'U5', status: 'success' };
    expect(responseHash(answer, 'SALT')).toBe(
      sha512(
        'SALT|success||||||U5|T5412345678|T54|Online|8892941567|ravi@example.in|Ravi|Guaranteed Pension Plan|10.00|BF0123|gtKFFx',
      ),
    );
  });

  it('puts additional charges first when the gateway adds them', () => {
    const answer = { ...form, udf5: 'U5', status: 'success', additional_charges: '5.00' };
    expect(responseHash(answer, 'SALT')).toBe(
      sha512(
        '5.00|SALT|success||||||U5|T5412345678|T54|Online|8892941567|ravi@example.in|Ravi|Guaranteed Pension Plan|10.00|BF0123|gtKFFx',
      ),
    );
  });

  it('compares hashes in any case, and never equal to a different length', () => {
    const hash = sha512('x');
    expect(sameHash(hash.toUpperCase(), hash)).toBe(true);
    expect(sameHash(hash.slice(1), hash)).toBe(false);
    expect(sameHash(undefined, hash)).toBe(false);
    expect(sameHash(sha512('y'), hash)).toBe(false);
  });
});

describe('amounts and texts', () => {
  it.each([
    ['12345', '12345.00'],
    ['12345.5', '12345.50'],
    ['012345.00', '12345.00'],
    ['0.01', '0.01'],
  ])('reads %s as %s', (text, expected) => {
    expect(normalisedAmount(text)).toBe(expected);
  });

  it.each(['', '12,345.00', '1e5', '-5', '12.345', ' ', 'abc'])('refuses %j', (text) => {
    expect(normalisedAmount(text)).toBeUndefined();
  });

  it('keeps pipes and control characters out of hashed texts, and names to letters', () => {
    expect(gatewayText('Plan|A\u0000B', 100)).toBe('Plan A B');
    expect(gatewayName('Ramesh-Kumar  Sharma1')).toBe('Ramesh Kumar Sharma');
  });
});

describe('payment transitions', () => {
  it('settles once: a success is final, a replay changes nothing', () => {
    expect(nextStatus('initiated', 'success')).toBe('success');
    expect(nextStatus('pending', 'success')).toBe('success');
    expect(nextStatus('pending', 'failure')).toBe('failure');
    expect(nextStatus('failure', 'success')).toBe('success');
    expect(nextStatus('success', 'failure')).toBeUndefined();
    expect(nextStatus('success', 'pending')).toBeUndefined();
    expect(nextStatus('success', 'success')).toBeUndefined();
    expect(nextStatus('failure', 'failure')).toBeUndefined();
    expect(nextStatus('failure', 'pending')).toBeUndefined();
  });

  it('gives Bima-ASBA its mandate state', () => {
    expect(basbaStatusOf('BASBA', 'pending')).toBe('initiated');
    expect(basbaStatusOf('BASBA', 'success')).toBe('success');
    expect(basbaStatusOf('BASBA', 'failure')).toBeUndefined();
    expect(basbaStatusOf('Online', 'success')).toBeUndefined();
  });
});
