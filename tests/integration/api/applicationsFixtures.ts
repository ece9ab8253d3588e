import { format, subYears } from 'date-fns';
import { expect } from 'vitest';
import { indiaToday } from '../../../src/server/api/applications/policyDates.ts';
import { planFor } from '../../../src/server/plans/serverPlans.ts';
import { shownConsentVersions } from '../../../src/shared/consents.ts';
import type { TestApi } from './testApp.ts';

/** Test data and helpers shared by the applications tests. */
export const HOLDER_DOB = format(subYears(new Date(), 60), 'yyyy-MM-dd');
export const HOLDER_DOB_INDIAN = format(subYears(new Date(), 60), 'dd/MM/yyyy');

let mobileSeed = 0;
/** A mobile number no other test (or earlier run on a shared Redis) has used. */
export function uniqueMobile(): string {
  mobileSeed += 1;
  return `9${String((Date.now() * 1000 + mobileSeed) % 1_000_000_000).padStart(9, '0')}`;
}

/** The India date `days` before today in India, 'yyyy-mm-dd' (for policy start dates). */
export function indiaDaysAgo(days: number): string {
  return new Date(Date.parse(`${indiaToday()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** T54's consent wordings' versions, as its basic-details step shows them (src/shared/consents.ts). */
export const CONSENT_VERSIONS = shownConsentVersions(planFor('T54')!);

export function policyHolder(overrides: Record<string, unknown> = {}) {
  return {
    proposalType: 'Individual',
    fullName: 'Ramesh Kumar Sharma',
    dateOfBirth: HOLDER_DOB,
    countryCode: '91',
    mobileNumber: '9876543210',
    emailId: 'Ramesh.Sharma@gmail.com',
    gender: 'Male',
    disclamer1: true,
    whatsappDisclaimer: false,
    ...overrides,
  };
}

export function createBody(holder: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) {
  const basicDetails = { policyHolder: policyHolder(holder), insuredPerson: {} };
  return {
    basicDetails,
    leadId: 'LEAD123',
    lead_source: 'Website Buy Online',
    utm_content: '',
    utm_source: 'google',
    utm_campaign: 'pension',
    dateOfBirth: HOLDER_DOB_INDIAN,
    emailId: basicDetails.policyHolder.emailId,
    mobileNumber: basicDetails.policyHolder.mobileNumber,
    productId: 'T54',
    productName: 'Guaranteed Pension Plan',
    planCode: 'T54',
    applicationNumber: '',
    productUIN: '143N066V04',
    // The versions of the consent wordings the browser showed beside the boxes.
    consentVersions: CONSENT_VERSIONS,
    ...overrides,
  };
}

export interface CreatedApplication {
  status: string;
  applicationNo: string;
  proposalNumber: string;
  capability: string;
  version: number;
}

/** Creates an application through the API and returns its decrypted answer. */
export async function createApplication(
  api: TestApi,
  holder: Record<string, unknown> = {},
): Promise<CreatedApplication> {
  const res = await api.post('/buyonlineoauth/applications/create', createBody(holder));
  expect(res.statusCode, res.body).toBe(200);
  return api.open<CreatedApplication>(res);
}

/** Sets columns of an application directly, where the API cannot reach (submission, dates, other products). */
export async function seed(
  api: TestApi,
  applicationNumber: string,
  assignments: string,
  params: unknown[] = [],
) {
  await api.app.db.query(`UPDATE applications SET ${assignments} WHERE application_number = $1`, [
    applicationNumber,
    ...params,
  ]);
}

/** Configuration for tests of what the resume lookups answer: no padding, limits out of the way. */
const UNLIMITED = { limit: 1_000_000, windowMs: 60_000 };
export const FAST_RESUME = {
  resumeMinimumAnswerMs: 0,
  resumeRateLimits: { perIp: UNLIMITED, perMobile: UNLIMITED, perApplication: UNLIMITED },
};

/** Plan details that pass the T54 plan-details step (the server revalidates every save). */
export function planDetailsOf(overrides: Record<string, unknown> = {}) {
  return {
    investmentAmount: '50,000',
    investmentFrequency: 'Yearly',
    premiumPayingTerm: 5,
    annuityFrequency: 'Yearly',
    category: 'Single',
    planOption: 'T54A',
    ...overrides,
  };
}

/** Personal details whose primary part passes the T54 additional-details step. */
export function personalDetailsOf(overrides: Record<string, unknown> = {}) {
  return {
    primary: {
      pincode: '452009',
      city: 'Indore',
      state: 'Madhya Pradesh',
      occupation: 'SALR',
      sourceOfIncome: 'Salary',
      annualIncome: '600000',
      indiaFirstStaff: { status: 'N' },
      ...overrides,
    },
  };
}
