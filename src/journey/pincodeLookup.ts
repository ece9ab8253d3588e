import { ApiFailure, type ApiClient } from '../api/apiClient.ts';

/** Pincode lookup (spec 02 §7): the first item of the answer has city and state; unknown -> undefined. */
export async function lookupPincode(
  api: ApiClient,
  pincode: string,
): Promise<Record<string, unknown> | undefined> {
  try {
    const items = await api.post<Array<{ city?: string; state?: string }>>('/buyonline_pincodemaster/', {
      pincode,
    });
    const first = Array.isArray(items) ? items[0] : undefined;
    return first?.city && first.state ? { city: first.city, state: first.state } : undefined;
  } catch (error) {
    if (error instanceof ApiFailure && (error.statusCode === 404 || error.statusCode === 400))
      return undefined;
    throw error;
  }
}
