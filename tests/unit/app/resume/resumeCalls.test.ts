import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../../src/api/apiClient.ts';
import {
  CREDENTIAL_FAILED,
  failureMessage,
  isRefusal,
  lookupByMobile,
  RESUME_FAILED,
  RETRIEVE_DATA_PATH,
  RETRIEVE_PATH,
  retrieveApplication,
} from '../../../../src/app/journey/resume/resumeCalls.ts';
import { fakeApi } from './fakeApi.ts';

const SAVED = {
  applicationNumber: '6123456789',
  basicDetails: { policyHolder: { fullName: 'Ramesh Sharma' } },
};

describe('resume calls', () => {
  it('looks up by mobile with the spec’s misspelt fields and lists every plan’s rows, this product’s first', async () => {
    const { api, calls } = fakeApi({
      [RETRIEVE_PATH]: () => ({
        status: '200',
        mobileNumber: '98XXXXXX10',
        applciations: [
          { ProdcutId: 'T64', ApplicationNumber: '7123456789', Datetime: '03/03/2025 09:00' },
          { ProdcutId: 'T54', ApplicationNumber: '6123456789', Datetime: '02/03/2025 10:15' },
        ],
      }),
    });
    const lookup = await lookupByMobile(api, 'T54', {
      mobileNumber: '9812345610',
      dateOfBirth: '1968-04-12',
    });
    expect(calls[0]!.body).toEqual({
      mobileNumber: '9812345610',
      dateOfBirth: '1968-04-12',
      contryCode: '91',
    });
    expect(lookup).toEqual({
      maskedMobile: '98XXXXXX10',
      applications: [
        { productId: 'T54', applicationNumber: '6123456789', datetime: '02/03/2025 10:15' },
        { productId: 'T64', applicationNumber: '7123456789', datetime: '03/03/2025 09:00' },
      ],
    });
  });

  it('passes another dial code through and treats a status other than 200 as a failed lookup', async () => {
    const { api, calls } = fakeApi({ [RETRIEVE_PATH]: () => ({ status: 'Failed' }) });
    const failed = lookupByMobile(api, 'T65', {
      mobileNumber: '501234567',
      dateOfBirth: '1970-01-01',
      countryCode: '971',
    });
    await expect(failed).rejects.toThrow(CREDENTIAL_FAILED);
    expect(calls[0]!.body.contryCode).toBe('971');
  });

  it('sends each proof as the server reads it', async () => {
    const answer = { status: '200', data: SAVED, capability: 'cap-new', version: 3 };
    const { api, calls } = fakeApi({ [RETRIEVE_DATA_PATH]: () => answer });

    const byEmail = await retrieveApplication(api, 'T54', {
      retrieve: 'appnumber',
      quoteId: '6123456789',
      emailId: 'ramesh.sharma@gmail.com',
      applicationNumber: 'T5400000001',
    });
    await retrieveApplication(api, 'T54', {
      retrieve: 'mobdob',
      applicationNumber: '6123456789',
      mobileNumber: '9812345610',
      dateOfBirth: '1968-04-12',
    });
    await retrieveApplication(api, 'T54', {
      retrieve: 'capability',
      applicationNumber: '6123456789',
      capability: 'cap-kept',
    });

    expect(byEmail).toEqual({ saved: SAVED, access: { capability: 'cap-new', version: 3 } });
    expect(calls.map(({ body, options }) => ({ body, capability: options?.capability }))).toEqual([
      {
        body: {
          applicationNumber: 'T5400000001',
          quoteId: '6123456789',
          emailId: 'ramesh.sharma@gmail.com',
          retrieve: 'appnumber',
          productId: 'T54',
        },
        capability: undefined,
      },
      {
        body: {
          applicationNumber: '6123456789',
          mobileNumber: '9812345610',
          dateOfBirth: '1968-04-12',
          retrieve: 'mobdob',
          productId: 'T54',
        },
        capability: undefined,
      },
      {
        body: { applicationNumber: '6123456789', retrieve: 'appnumber', productId: 'T54' },
        capability: 'cap-kept',
      },
    ]);
  });

  it('refuses an answer without data, capability or version', async () => {
    const { api } = fakeApi({ [RETRIEVE_DATA_PATH]: () => ({ status: '200', data: SAVED }) });
    await expect(
      retrieveApplication(api, 'T54', {
        retrieve: 'capability',
        applicationNumber: '6123456789',
        capability: 'c',
      }),
    ).rejects.toThrow(RESUME_FAILED);
  });

  it('speaks the server’s words for the spec’s refusals and the fallback for anything else', () => {
    const spoken: Array<[number, string]> = [
      [404, 'Please enter valid application number'],
      [422, 'Please enter valid application.'],
      [409, 'This application is already submitted.'],
      [410, 'The Application Number has expired. Please start a new application.'],
      [429, 'Too many attempts. Please try again after some time.'],
      [0, 'We could not reach our servers. Please check your internet connection and try again.'],
    ];
    for (const [status, message] of spoken) {
      expect(failureMessage(new ApiFailure(message, status), RESUME_FAILED)).toBe(message);
    }
    expect(failureMessage(new ApiFailure('Sorry we couldn’t process your details', 400), RESUME_FAILED)).toBe(
      RESUME_FAILED,
    );
    expect(failureMessage(new ApiFailure('Something went wrong', 500), CREDENTIAL_FAILED)).toBe(
      CREDENTIAL_FAILED,
    );
    expect(failureMessage(new TypeError('boom'), CREDENTIAL_FAILED)).toBe(CREDENTIAL_FAILED);
  });

  it('tells a refusal of the application from a proof that does not hold', () => {
    expect(isRefusal(new ApiFailure('This application is already submitted.', 409))).toBe(true);
    expect(isRefusal(new ApiFailure('The Application Number has expired.', 410))).toBe(true);
    expect(isRefusal(new ApiFailure('Please enter valid application number', 404))).toBe(false);
    expect(isRefusal(new Error('network'))).toBe(false);
  });
});
