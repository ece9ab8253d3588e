import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * The IFSC lookup answers from Razorpay's IFSC registry kept in the repository
 * (src/server/api/ifsc/ifsc-registry.json.gz): no database, no network.
 */
const INVALID = 'Please enter a valid IFSC, e.g. SBIN0001234';
const UNKNOWN = 'We could not find this IFSC. Please check it against your cheque book or passbook.';

describe('IFSC lookup', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(DATABASES[0]!);
  });
  afterAll(() => api.close());

  const lookup = (code: string, options = {}) => api.get(`/buyonlineoauth/ifsc/${code}`, options);

  it('answers the bank of a known SBI or HDFC code, upper-casing it; the registry has no branch details', async () => {
    let res = await lookup('SBIN0001234');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ifsc: 'SBIN0001234',
      bank: 'State Bank of India',
      bankCode: 'SBIN',
      branch: null,
      address: null,
      city: null,
      district: null,
      state: null,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    res = await lookup('hdfc0000001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ifsc: 'HDFC0000001', bank: 'HDFC Bank', branch: null });
  });

  it('names the sub-member bank of a sponsor bank’s IFSC', async () => {
    const res = await lookup('HDFC0CAACOB');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bank: 'Akhand Anand Co.op Bank', bankCode: 'HDFC' });
  });

  it('refuses a malformed code with the field’s message, 400', async () => {
    for (const code of ['SBIN1001234', 'SBIN000123', 'SBIN00012345', '1234', 'SBIN0-01234', 'S'.repeat(40)]) {
      const res = await lookup(encodeURIComponent(code));
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({
        message: INVALID,
        errors: [{ field: 'ifsc', message: INVALID }],
      });
    }
  });

  it('answers 404 for a well-formed code the registry does not list', async () => {
    for (const code of ['SBIN0999999', 'ZZZZ0000001']) {
      const res = await lookup(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toMatchObject({ message: UNKNOWN, errors: [{ field: 'ifsc', message: UNKNOWN }] });
    }
  });

  it('needs the journey’s token', async () => {
    expect((await lookup('SBIN0001234', { token: null })).statusCode).toBe(401);
  });
});
