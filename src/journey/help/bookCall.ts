import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';

/** Talk to Expert's call (spec 02 §2.9, §4.8): book now or in a slot, with the context the expert needs. */
export const CALLBACKS_PATH = '/buyonlineoauth/callbacks';

/** Spec 02 §8: the expert flow's token and lead failures. */
export const TOKEN_FAILED = 'Failed to generate Token';
export const LEAD_FAILED = 'Failed to generate Lead Id';

export interface Caller {
  fullName: string;
  mobileNumber: string;
  gender: 'Male' | 'Female' | 'Other';
}

export interface CallContext {
  productId: string;
  step?: string;
  applicationNumber?: string;
  capability?: string;
}

export type CallWhen = { mode: 'now' } | { mode: 'slot'; date: string; slotId: number };

export async function bookCall(api: ApiClient, caller: Caller, when: CallWhen, context: CallContext) {
  const { capability, ...about } = context;
  return api.post<{ status: string; leadId: string; message: string }>(
    CALLBACKS_PATH,
    { ...caller, ...when, ...about, applicationNumber: about.applicationNumber || undefined },
    capability ? { capability } : undefined,
  );
}

/**
 * What failed, in spec 02 §8's words: the token, else the lead; or a refusal the server
 * explains (a slot that ended meanwhile, too many attempts), in its own words.
 */
export function bookingFailure(error: unknown): { kind: 'token' | 'lead' | 'refused'; message: string } {
  if (error instanceof ApiFailure) {
    if (error.message === TOKEN_FAILED) return { kind: 'token', message: TOKEN_FAILED };
    if (error.statusCode === 400 || error.statusCode === 429)
      return { kind: 'refused', message: error.fieldErrors[0]?.message ?? error.message };
  }
  return { kind: 'lead', message: LEAD_FAILED };
}
