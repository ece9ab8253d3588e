import { ApiFailure, type ApiClient } from '../api/apiClient.ts';
import {
  CHAT_KEY_HEADER,
  CHAT_MESSAGES_PATH,
  CHAT_WORDS,
  chatTextProblem,
  type ChatMessage,
  type ChatPolled,
  type ChatSent,
} from '../shared/chatApi.ts';

/*
 * The visitor's side of a chat, without React: the conversation's key (kept for the browser
 * tab), its messages in order, sending and polling. The page renders its state and calls it;
 * tests drive it with a fake ApiClient.
 */

/** Where the page was opened from, as its parent window says (parentContext.ts). */
export interface ChatPageContext {
  productId?: string;
  step?: string;
  applicationNumber?: string;
  capability?: string;
}

export interface ChatState {
  messages: ChatMessage[];
  /** A conversation has started (a key is held): polling runs while it is open. */
  started: boolean;
  sending: boolean;
  /** Why the last message could not be sent (its text is kept). */
  sendError?: string;
  /** The conversation takes no more messages: closed by the desk, or no longer known. */
  ended?: string;
  /** Why the last poll failed; cleared by the next one that works. */
  pollError?: string;
}

/** Where the key is kept: the tab's sessionStorage, which a blocked storage may refuse. */
export interface KeyStore {
  get(): string | undefined;
  set(key: string): void;
  clear(): void;
}

const STORAGE_KEY = 'bimaflow:chat-key';

export function sessionKeyStore(storage: () => Storage = () => window.sessionStorage): KeyStore {
  return {
    get: () => {
      try {
        return storage().getItem(STORAGE_KEY) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set: (key) => {
      try {
        storage().setItem(STORAGE_KEY, key);
      } catch {
        // Kept for this page only: a reload starts a new conversation.
      }
    },
    clear: () => {
      try {
        storage().removeItem(STORAGE_KEY);
      } catch {
        // Nothing was kept.
      }
    },
  };
}

/** Message ids are decimal strings that grow: compared as numbers of any size. */
const byId = (a: ChatMessage, b: ChatMessage) =>
  a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The messages of both lists once each, in order (a poll and a send may bring the same one). */
export function mergeMessages(known: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (!incoming.length) return known;
  const byIds = new Map(known.map((message) => [message.id, message]));
  for (const message of incoming) byIds.set(message.id, message);
  return [...byIds.values()].sort(byId);
}

const failureMessage = (error: unknown) =>
  error instanceof ApiFailure
    ? (error.fieldErrors[0]?.message ?? error.message)
    : 'Something went wrong. Please try again.';

export class ChatConversation {
  private state: ChatState;
  private key: string | undefined;
  private context: ChatPageContext = {};
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly api: ApiClient,
    private readonly keys: KeyStore,
  ) {
    this.key = keys.get();
    this.state = { messages: [], started: Boolean(this.key), sending: false };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): ChatState => this.state;

  private update(change: Partial<ChatState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  readonly setContext = (context: ChatPageContext) => {
    this.context = context;
  };

  private keyHeader(): Record<string, string> | undefined {
    return this.key ? { [CHAT_KEY_HEADER]: this.key } : undefined;
  }

  /** Sends a message; answers whether it went (when not, `sendError` or `ended` says why). */
  readonly send = async (text: string): Promise<boolean> => {
    if (this.state.sending || this.state.ended) return false;
    const problem = chatTextProblem(text);
    if (problem) {
      this.update({ sendError: problem });
      return false;
    }
    this.update({ sending: true, sendError: undefined });
    const { productId, step, capability } = this.context;
    // The server refuses a message naming an application without its capability (403), so the
    // application goes only with it; without, the message still reaches the desk with plan and step.
    const applicationNumber = capability ? this.context.applicationNumber : undefined;
    try {
      const answer = await this.api.post<ChatSent>(
        CHAT_MESSAGES_PATH,
        {
          text: text.trim(),
          ...(productId ? { productId } : {}),
          ...(step ? { step } : {}),
          ...(applicationNumber ? { applicationNumber } : {}),
        },
        { headers: this.keyHeader(), ...(applicationNumber ? { capability } : {}) },
      );
      // A key the server did not know gives a new conversation: only its messages are shown.
      const known = answer.conversationKey === this.key ? this.state.messages : [];
      this.key = answer.conversationKey;
      this.keys.set(answer.conversationKey);
      this.update({
        sending: false,
        started: true,
        messages: mergeMessages(known, answer.messages),
      });
      return true;
    } catch (error) {
      if (error instanceof ApiFailure && error.statusCode === 409) {
        this.update({ sending: false, ended: error.message || CHAT_WORDS.closed });
      } else {
        this.update({ sending: false, sendError: failureMessage(error) });
      }
      return false;
    }
  };

  /** Asks for the messages after the last one shown. */
  readonly poll = async (): Promise<void> => {
    const key = this.key;
    if (!key || this.state.ended) return;
    const after = this.state.messages.at(-1)?.id ?? '0';
    try {
      const answer = await this.api.get<ChatPolled>(`${CHAT_MESSAGES_PATH}?after=${after}`, {
        headers: { [CHAT_KEY_HEADER]: key },
      });
      if (key !== this.key) return; // a new conversation started meanwhile
      this.update({
        messages: mergeMessages(this.state.messages, answer.messages),
        pollError: undefined,
        ...(answer.closed ? { ended: CHAT_WORDS.closed } : {}),
      });
    } catch (error) {
      if (key !== this.key) return;
      if (error instanceof ApiFailure && error.statusCode === 404) {
        this.keys.clear();
        this.update({ ended: error.message || CHAT_WORDS.ended, pollError: undefined });
        return;
      }
      this.update({ pollError: failureMessage(error) });
    }
  };

  /** Leaves an ended conversation for a new one (which starts with the next message). */
  readonly startNew = () => {
    this.key = undefined;
    this.keys.clear();
    this.update({
      messages: [],
      started: false,
      sending: false,
      sendError: undefined,
      ended: undefined,
      pollError: undefined,
    });
  };
}
