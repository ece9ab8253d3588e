import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { TOKEN_FAILED } from '../../shared/tokenMessages.ts';

/** Talk to Expert's call (spec 02 §2.9, §4.8): book now or in a slot, with the context the expert needs. */
export const CALLBACKS_PATH = '/buyonlineoauth/callbacks';

/** Spec 02 §8: the expert flow's lead failure (the token's is the server's own words). */
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
  const answer = await api.post<{ status?: string; leadId?: string; message?: string }>(
    CALLBACKS_PATH,
    { ...caller, ...when, ...about, applicationNumber: about.applicationNumber || undefined },
    capability ? { capability } : undefined,
  );
  // Spec 02 §8: a booking without its lead id is a lead failure.
  if (!answer.leadId) throw new Error('The booking came back without a lead id');
  return answer;
}

/**
 * What failed, in spec 02 §8's words: the token, else the lead; or a refusal the server
 * explains (a slot that ended meanwhile, too many attempts), in its own words.
 */
export function bookingFailure(error: unknown): { kind: 'token' | 'lead' | 'refused'; message: string } {
  if (error instanceof ApiFailure) {
    if (error.message === TOKEN_FAILED) return { kind: 'token', message: TOKEN_FAILED };
    // A refusal the visitor can act on: a field, an application to resume first, too many attempts.
    if (error.statusCode === 400 || error.statusCode === 403 || error.statusCode === 429)
      return { kind: 'refused', message: error.fieldErrors[0]?.message ?? error.message };
  }
  return { kind: 'lead', message: LEAD_FAILED };
}
