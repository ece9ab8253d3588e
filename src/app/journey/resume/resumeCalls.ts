import { ApiFailure, type ApiClient } from '../../../api/apiClient.ts';

/*
 * The two resume calls of spec 01 §7.2–7.3 and spec 02 §4.2–4.3 as the resume dialog and
 * the auto-resume make them, and the words the visitor reads when they fail (spec 02 §8).
 * The server never reveals an application without proof: a capability this device kept,
 * the Quote ID with the holder's email and application (proposal) number, or a Quote ID
 * from a lookup with the holder's mobile and date of birth.
 */

export const RETRIEVE_PATH = '/buyonlineoauth/retrieve';
export const RETRIEVE_DATA_PATH = '/buyonlineoauth/retrieve-data';

/** Spec 02 §8: resume by mobile fails (or finds nothing). */
export const CREDENTIAL_FAILED = 'Please enter valid credential';
/** Spec 02 §8: the resume fallback. */
export const RESUME_FAILED = 'Please enter valid application number';

/** What lets this window save on a resumed application. */
export interface ResumeAccess {
  capability: string;
  version: number;
}

export interface ResumedApplication {
  /** The saved application state as the server keeps it (spec 02 §3.1). */
  saved: Record<string, unknown>;
  access: ResumeAccess;
}

/** One row of a lookup by mobile (spec 01 §3 'Resume lookup result'). */
export interface FoundApplication {
  productId: string;
  /** The Quote ID. */
  applicationNumber: string;
  /** As the server writes it, dd/mm/yyyy hh:mm (India time). */
  datetime: string;
}

export interface MobileLookup {
  /** The mobile number, masked by the server (98XXXXXX10). */
  maskedMobile: string;
  applications: FoundApplication[];
}

/** How a resume proves it may see the application (spec 01 §5 'Retrieve application modes'). */
export type ResumeProof =
  | { retrieve: 'appnumber'; quoteId: string; emailId: string; applicationNumber: string }
  | { retrieve: 'mobdob'; applicationNumber: string; mobileNumber: string; dateOfBirth: string }
  | { retrieve: 'capability'; applicationNumber: string; capability: string };

interface LookupAnswer {
  status?: string;
  mobileNumber?: string;
  /** Spelt so on the wire. */
  applciations?: Array<{ ProdcutId?: string; ApplicationNumber?: string; Datetime?: string }>;
}

/**
 * Resume by mobile: the holder's not yet submitted applications of every plan (spec 01 §2 'It
 * lists the products found under a mobile number'), this plan's first, each newest first.
 */
export async function lookupByMobile(
  api: ApiClient,
  productId: string,
  holder: { mobileNumber: string; dateOfBirth: string; countryCode?: string },
): Promise<MobileLookup> {
  const answer = await api.post<LookupAnswer>(RETRIEVE_PATH, {
    mobileNumber: holder.mobileNumber,
    dateOfBirth: holder.dateOfBirth,
    contryCode: holder.countryCode ?? '91',
  });
  if (answer.status !== '200') throw new ApiFailure(CREDENTIAL_FAILED);
  const rows = answer.applciations ?? [];
  const applications = [
    ...rows.filter((row) => row.ProdcutId === productId),
    ...rows.filter((row) => row.ProdcutId !== productId),
  ]
    .filter((row) => row.ProdcutId && row.ApplicationNumber)
    .map((row) => ({
      productId: row.ProdcutId!,
      applicationNumber: row.ApplicationNumber!,
      datetime: row.Datetime ?? '',
    }));
  return { maskedMobile: answer.mobileNumber ?? '', applications };
}

interface RetrieveAnswer {
  status?: string;
  data?: Record<string, unknown>;
  capability?: string;
  version?: number;
}

/** Resume by application number with one of the proofs; the saved state and a fresh capability. */
export async function retrieveApplication(
  api: ApiClient,
  productId: string,
  proof: ResumeProof,
): Promise<ResumedApplication> {
  const { body, capability } = retrieveRequest(productId, proof);
  const answer = await api.post<RetrieveAnswer>(RETRIEVE_DATA_PATH, body, { capability });
  if (answer.status !== '200' || !answer.data || !answer.capability || typeof answer.version !== 'number') {
    throw new ApiFailure(RESUME_FAILED);
  }
  return { saved: answer.data, access: { capability: answer.capability, version: answer.version } };
}

/** The retrieve-data body of each proof: the Quote ID travels as quoteId only with the email proof. */
export function retrieveRequest(
  productId: string,
  proof: ResumeProof,
): { body: Record<string, unknown>; capability?: string } {
  switch (proof.retrieve) {
    case 'appnumber':
      return {
        body: {
          applicationNumber: proof.applicationNumber,
          quoteId: proof.quoteId,
          emailId: proof.emailId,
          retrieve: 'appnumber',
          productId,
        },
      };
    case 'mobdob':
      return {
        body: {
          applicationNumber: proof.applicationNumber,
          mobileNumber: proof.mobileNumber,
          dateOfBirth: proof.dateOfBirth,
          retrieve: 'mobdob',
          productId,
        },
      };
    case 'capability':
      return {
        body: { applicationNumber: proof.applicationNumber, retrieve: 'appnumber', productId },
        capability: proof.capability,
      };
  }
}

/**
 * The server's refusals a visitor should read as they are: unknown or unproven (404), another
 * product's or without basic details (422), submitted (409), expired (410), too many
 * attempts (429), and no connection at all.
 */
const SPOKEN_STATUSES = new Set([0, 404, 409, 410, 422, 429]);

/** What the visitor reads when a call fails: the server's own words where it has them, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiFailure && SPOKEN_STATUSES.has(error.statusCode) ? error.message : fallback;
}

/** Whether a failure refuses the application itself (not merely the proof): no other proof will open it. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiFailure && [409, 410, 422, 429].includes(error.statusCode);
}
