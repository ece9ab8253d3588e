/*
 * The desk's calls to its own API (/desk/api, src/server/desk): plain JSON, the session in an
 * httpOnly cookie the browser sends on same-origin requests (no token, no sealed bodies). A
 * failure is a DeskApiError carrying the server's own message; a 401 from any call but the
 * sign-in itself also tells the app the session is over, so it shows the sign-in form again.
 */
import { DESK_API } from '../shared/deskApi.ts';

export { DESK_API };

export class DeskApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DeskApiError';
  }
}

export const UNREACHABLE = 'The desk could not reach the server. Please check the connection and try again.';

let signedOutListener: ((message: string) => void) | undefined;

/** Called with the server's message whenever it answers 401 to a signed-in call (the session ended). */
export function onSessionEnded(listener: ((message: string) => void) | undefined): void {
  signedOutListener = listener;
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
}

export async function deskRequest<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}) {
  let response: Response;
  try {
    response = await fetch(`${DESK_API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DeskApiError(0, UNREACHABLE);
  }
  const answer = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const message =
      answer && typeof answer === 'object' && typeof (answer as { message?: unknown }).message === 'string'
        ? (answer as { message: string }).message
        : `The server could not answer (${response.status}). Please try again.`;
    if (response.status === 401 && path !== '/sign-in') signedOutListener?.(message);
    throw new DeskApiError(response.status, message);
  }
  return answer as T;
}

/** A failure as a person reads it: the server's message, or why the server was not reached. */
export function failureMessage(error: unknown): string {
  return error instanceof DeskApiError ? error.message : UNREACHABLE;
}

export interface Staff {
  email: string;
  name: string;
}

export interface Callback {
  id: string;
  fullName: string;
  mobileNumber: string;
  gender: string | null;
  mode: 'now' | 'slot';
  slotId: number | null;
  slotLabel: string | null;
  bookedAt: string;
  applicationNumber: string | null;
  productId: string | null;
  planName: string | null;
  step: string | null;
  lastQuote: { quoteNumber: string; premium: number | null; frequency: string | null } | null;
  doneAt: string | null;
  doneBy: string | null;
  /** The name of the staff member who marked it done, where the server gives it. */
  doneByName?: string | null;
}

export interface ChatSummary {
  id: string;
  productId: string | null;
  planName: string | null;
  step: string | null;
  applicationNumber: string | null;
  startedAt: string;
  lastMessageAt: string;
  lastFrom: 'visitor' | 'expert';
  waiting: boolean;
  messageCount: number;
}

export interface ChatMessage {
  id: string;
  from: 'visitor' | 'expert';
  text: string;
  at: string;
  staffName?: string | null;
}

export interface ChatThread {
  id: string;
  productId: string | null;
  planName: string | null;
  step: string | null;
  applicationNumber: string | null;
  startedAt: string;
  closedAt: string | null;
  messages: ChatMessage[];
}

export interface FunnelStep {
  step: string;
  title: string;
  entered: number;
  leftHere: number;
  medianMs: number | null;
  /** Field and error key as the browser reported them; either may be missing. */
  errors: { field: string | null; errorKey: string | null; count: number }[];
}

export interface Funnel {
  productId: string;
  planName: string;
  from: string;
  to: string;
  visits: number;
  steps: FunnelStep[];
}

export interface FunnelPlan {
  productId: string;
  planName: string;
  visits: number;
}

export interface Lead {
  id: string;
  kind: string;
  leadId: string;
  productId: string | null;
  planName: string | null;
  applicationNumber: string | null;
  createdAt: string;
  delivery: {
    state: 'pending' | 'delivered' | 'failed';
    attempts: number;
    lastError: string | null;
    deliveredAt: string | null;
  };
}

export interface OutboxCounts {
  pending: number;
  delivered: number;
  failed: number;
}

export interface Outbox {
  counts: OutboxCounts;
  byTopic: (OutboxCounts & { topic: string })[];
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const deskApi = {
  signIn: (email: string, password: string) =>
    deskRequest<Staff>('/sign-in', { method: 'POST', body: { email, password } }),
  me: (signal?: AbortSignal) => deskRequest<Staff>('/me', { signal }),
  signOut: () => deskRequest<{ status: string }>('/sign-out', { method: 'POST', body: {} }),

  callbacks: (date: string, signal?: AbortSignal) =>
    deskRequest<{ date: string; items: Callback[] }>(`/callbacks?${query({ date })}`, { signal }),
  markDone: (id: string) =>
    deskRequest<{ id: string; doneAt: string }>(`/callbacks/${encodeURIComponent(id)}/done`, {
      method: 'POST',
      body: {},
    }),

  chats: (state: 'open' | 'closed', signal?: AbortSignal) =>
    deskRequest<{ items: ChatSummary[] }>(`/chats?${query({ state })}`, { signal }),
  chat: (id: string, signal?: AbortSignal) =>
    deskRequest<ChatThread>(`/chats/${encodeURIComponent(id)}`, { signal }),
  answerChat: (id: string, text: string) =>
    deskRequest<ChatMessage>(`/chats/${encodeURIComponent(id)}/messages`, { method: 'POST', body: { text } }),
  closeChat: (id: string) =>
    deskRequest<{ closedAt: string }>(`/chats/${encodeURIComponent(id)}/close`, { method: 'POST', body: {} }),

  funnelPlans: (from: string, to: string, signal?: AbortSignal) =>
    deskRequest<{ items: FunnelPlan[] }>(`/funnel/plans?${query({ from, to })}`, { signal }),
  funnel: (productId: string, from: string, to: string, signal?: AbortSignal) =>
    deskRequest<Funnel>(`/funnel?${query({ productId, from, to })}`, { signal }),

  leads: (limit: number, signal?: AbortSignal) =>
    deskRequest<{ items: Lead[] }>(`/leads?${query({ limit: String(limit) })}`, { signal }),
  outbox: (signal?: AbortSignal) => deskRequest<Outbox>('/outbox', { signal }),
};
