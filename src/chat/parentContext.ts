import { CHAT_CLOSE, CHAT_READY } from '../shared/chatApi.ts';
import type { ChatPageContext } from './chatConversation.ts';

/*
 * The journey frames the chat page and tells it where the visitor is (plan, step, application
 * and its capability) with postMessage, once the page says it is ready. Only a parent on an
 * allowed origin is listened to: this page's own by default; a chat served from another
 * address adds the journey's origin at build time (VITE_CHAT_PARENT_ORIGINS, comma-separated).
 */

export function allowedParentOrigins(
  own = window.location.origin,
  configured: string | undefined = import.meta.env.VITE_CHAT_PARENT_ORIGINS,
): string[] {
  const extra = (configured ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return [...new Set([own, ...extra])];
}

const PATTERNS: Record<keyof ChatPageContext, RegExp> = {
  productId: /^[A-Za-z0-9]{1,10}$/,
  step: /^[a-z0-9][a-z0-9/?=-]{0,79}$/,
  applicationNumber: /^[A-Za-z0-9]{1,11}$/,
  capability: /^[A-Za-z0-9._~+/=-]{1,2000}$/,
};

/** The context a message carries, each field only when it is well-formed; undefined for any other message. */
export function contextOf(data: unknown): ChatPageContext | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const message = data as Record<string, unknown>;
  if (message.type !== 'bimaflow:chat-context') return undefined;
  const context: ChatPageContext = {};
  for (const [field, pattern] of Object.entries(PATTERNS) as [keyof ChatPageContext, RegExp][]) {
    const value = message[field];
    if (typeof value === 'string' && pattern.test(value)) context[field] = value;
  }
  return context;
}

/**
 * Listens to the parent window for its context and tells it the page is ready; asks it to close
 * the chat when Escape is pressed here (the parent's dialog does not hear keys pressed in its
 * frame). Answers the way to stop listening. A page that is not framed has no parent to hear from.
 */
export function listenToParent(
  onContext: (context: ChatPageContext) => void,
  origins: string[] = allowedParentOrigins(),
  self: Window = window,
): () => void {
  const parent = self.parent;
  if (!parent || parent === self) return () => undefined;
  const receive = (event: MessageEvent) => {
    if (event.source !== parent || !origins.includes(event.origin)) return;
    const context = contextOf(event.data);
    if (context) onContext(context);
  };
  // A message to an origin the parent is not on is dropped by the browser, unseen.
  const tell = (message: typeof CHAT_READY | typeof CHAT_CLOSE) => {
    for (const origin of origins) parent.postMessage(message, origin);
  };
  // Escape while choosing among an input method's candidates cancels the choice, not the chat.
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.isComposing) tell(CHAT_CLOSE);
  };
  self.addEventListener('message', receive);
  self.addEventListener('keydown', escape);
  tell(CHAT_READY);
  return () => {
    self.removeEventListener('message', receive);
    self.removeEventListener('keydown', escape);
  };
}
