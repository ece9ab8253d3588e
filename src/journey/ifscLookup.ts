import { ApiFailure, type ApiClient } from '../api/apiClient.ts';

/** What GET /buyonlineoauth/ifsc/:code answers (docs/api/bank.md); branch details may be null. */
interface IfscAnswer {
  ifsc?: string;
  bank?: string | null;
  branch?: string | null;
  city?: string | null;
}

/**
 * IFSC lookup (docs/api/bank.md): the bank, and the branch with its city when the registry
 * has them (Razorpay's package names no branches: the bank-account step fills `bankName`
 * only); a fill the answer lacks is left out, which empties it. An unknown or malformed IFSC (404, 400) -> undefined; any other
 * failure is thrown.
 */
export async function lookupIfsc(api: ApiClient, code: string): Promise<Record<string, unknown> | undefined> {
  try {
    const answer = await api.get<IfscAnswer>(`/buyonlineoauth/ifsc/${encodeURIComponent(code)}`);
    if (!answer?.bank) return undefined;
    const branch = [answer.branch, answer.city].filter(Boolean).join(', ') || undefined;
    return branch ? { bankName: answer.bank, branch } : { bankName: answer.bank };
  } catch (error) {
    if (error instanceof ApiFailure && (error.statusCode === 404 || error.statusCode === 400))
      return undefined;
    throw error;
  }
}
