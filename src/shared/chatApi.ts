/*
 * The chat answered by people (issue 20), as the chat page, the journey that frames it and the
 * server all speak it: the visitor's routes (src/server/api/chat/chatRoutes.ts), the messages'
 * shape and rules, and the messages the page and its parent window exchange.
 */

/** The visitor's routes: POST sends a message (a new conversation without a key); GET ?after= polls. */
export const CHAT_MESSAGES_PATH = '/buyonlineoauth/chat/messages';

/** The header naming the visitor's conversation: the key the first answer gave. */
export const CHAT_KEY_HEADER = 'x-chat-key';

/** The longest message, after its surrounding spaces are trimmed. */
export const CHAT_TEXT_MAX = 1000;

export const CHAT_WORDS = {
  empty: 'Please enter your message.',
  tooLong: `Please keep your message within ${CHAT_TEXT_MAX} characters.`,
  ended: 'This conversation has ended.',
  closed: 'This conversation has been closed. Please start a new conversation.',
} as const;

export interface ChatMessage {
  /** Grows with every message of a conversation: poll with the last one seen as `after`. */
  id: string;
  from: 'visitor' | 'expert';
  text: string;
  /** ISO date and time. */
  at: string;
}

/** The answer to a message sent: the conversation's key (new or the same) and all its messages. */
export interface ChatSent {
  status: '200';
  conversationKey: string;
  messages: ChatMessage[];
}

/** The answer to a poll: the messages after the one named, and whether the desk closed the chat. */
export interface ChatPolled {
  status: '200';
  messages: ChatMessage[];
  closed: boolean;
}

/**
 * What the journey tells the chat page it frames, once the page says it is ready. The
 * application and its capability go only to a chat page on the journey's own origin.
 */
export interface ChatContext {
  type: 'bimaflow:chat-context';
  productId?: string;
  step?: string;
  applicationNumber?: string;
  capability?: string;
}

/** What the chat page posts to its parent when it is ready to receive its context. */
export const CHAT_READY = { type: 'bimaflow:chat-ready' } as const;

/**
 * What the chat page posts to its parent when Escape is pressed inside it: the parent's own
 * Escape listener does not hear keys pressed in the frame, so the page asks it to close the chat.
 */
export const CHAT_CLOSE = { type: 'bimaflow:chat-close' } as const;

/** A message's text as it is kept and checked: without surrounding spaces. */
export function chatTextProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return CHAT_WORDS.empty;
  if (trimmed.length > CHAT_TEXT_MAX) return CHAT_WORDS.tooLong;
  return undefined;
}
