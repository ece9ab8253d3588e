// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiFailure,
  CONNECTION_MESSAGE,
  type ApiClient,
  type CallOptions,
} from '../../../src/api/apiClient.ts';
import { ChatConversation, sessionKeyStore } from '../../../src/chat/chatConversation.ts';
import { CHAT_COPY, ChatPage } from '../../../src/chat/ChatPage.tsx';
import { POLL_INTERVAL_MS } from '../../../src/chat/useVisiblePolling.ts';
import { CHAT_KEY_HEADER, CHAT_WORDS, type ChatMessage } from '../../../src/shared/chatApi.ts';
import { memoryStorage, type MemoryStorage } from '../support/memoryStorage.ts';

/*
 * The chat page (issue 20) against a server kept in memory that answers as the chat routes do:
 * a message starts or continues a conversation, a poll brings what came after the last message
 * seen, a closed conversation refuses more. Timers and the page's visibility are the test's.
 */

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  options?: CallOptions;
}

function fakeServer() {
  const conversations = new Map<string, { messages: ChatMessage[]; closed: boolean }>();
  const calls: Call[] = [];
  let nextId = 1;
  let failure: Error | undefined;
  const add = (key: string, from: ChatMessage['from'], text: string) =>
    conversations.get(key)!.messages.push({ id: String(nextId++), from, text, at: new Date().toISOString() });
  const api: ApiClient = {
    async post<T>(path: string, body: unknown, options?: CallOptions) {
      calls.push({ method: 'POST', path, body: body as Record<string, unknown>, options });
      if (failure) throw failure;
      // As the route does: naming an application needs its capability.
      if ((body as { applicationNumber?: string }).applicationNumber && !options?.capability)
        throw new ApiFailure('Please resume your application to continue.', 403);
      let key = options?.headers?.[CHAT_KEY_HEADER];
      if (key && conversations.get(key)?.closed) throw new ApiFailure(CHAT_WORDS.closed, 409);
      if (!key || !conversations.has(key)) {
        key = `key${conversations.size}`.padEnd(43, 'x');
        conversations.set(key, { messages: [], closed: false });
      }
      add(key, 'visitor', (body as { text: string }).text);
      return { status: '200', conversationKey: key, messages: [...conversations.get(key)!.messages] } as T;
    },
    async get<T>(path: string, options?: CallOptions) {
      calls.push({ method: 'GET', path, options });
      const conversation = conversations.get(options?.headers?.[CHAT_KEY_HEADER] ?? '');
      if (!conversation) throw new ApiFailure(CHAT_WORDS.ended, 404);
      const after = Number(new URL(path, 'http://chat.test').searchParams.get('after') ?? 0);
      return {
        status: '200',
        messages: conversation.messages.filter((message) => Number(message.id) > after),
        closed: conversation.closed,
      } as T;
    },
    download: async () => new Blob(),
  };
  return {
    api,
    calls,
    conversations,
    answer: (key: string, text: string) => add(key, 'expert', text),
    close: (key: string) => void (conversations.get(key)!.closed = true),
    failWith: (error: Error | undefined) => void (failure = error),
  };
}

let visibility: DocumentVisibilityState = 'visible';
let storage: MemoryStorage;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  storage = memoryStorage();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function open(server = fakeServer()) {
  const conversation = new ChatConversation(
    server.api,
    sessionKeyStore(() => storage as unknown as Storage),
  );
  render(<ChatPage conversation={conversation} framed />);
  return { server, conversation, box: screen.getByLabelText(CHAT_COPY.label) as HTMLTextAreaElement };
}

const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const polls = (server: ReturnType<typeof fakeServer>) => server.calls.filter((call) => call.method === 'GET');

async function type(box: HTMLTextAreaElement, text: string, key: { shiftKey?: boolean } = {}) {
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', ...key });
  await settle();
}

describe('the chat page', () => {
  it('invites a first question, in a polite log, with a labelled box', () => {
    open();
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(within(log).getByText(CHAT_COPY.introTitle)).toBeTruthy();
    expect(within(log).getByText(CHAT_COPY.intro)).toBeTruthy();
    expect(screen.getByRole('button', { name: CHAT_COPY.send })).toBeTruthy();
  });

  it('sends with Enter, keeps the conversation’s key for the tab, and shows the expert’s answer at the next poll', async () => {
    const { server, box } = open();
    await type(box, 'Line one', { shiftKey: true });
    expect(server.calls).toEqual([]);

    await type(box, '  Can I pay monthly?  ');
    expect(server.calls[0]).toMatchObject({ method: 'POST', body: { text: 'Can I pay monthly?' } });
    expect(server.calls[0]!.options?.headers).toBeUndefined();
    expect(box.value).toBe('');
    const log = screen.getByRole('log');
    expect(within(log).getByText('Can I pay monthly?')).toBeTruthy();
    expect(within(log).getByText(CHAT_COPY.visitor)).toBeTruthy();
    const key = [...server.conversations.keys()][0]!;
    expect(storage.getItem('bimaflow:chat-key')).toBe(key);

    server.answer(key, 'Yes, choose Monthly.');
    await wait(POLL_INTERVAL_MS);
    expect(within(log).getByText('Yes, choose Monthly.')).toBeTruthy();
    expect(within(log).getByText(CHAT_COPY.expert)).toBeTruthy();
    const last = polls(server).at(-1)!;
    expect(last.options?.headers).toEqual({ [CHAT_KEY_HEADER]: key });
    expect(last.path).toBe('/buyonlineoauth/chat/messages?after=1');

    await type(box, 'Thanks');
    expect(server.calls.at(-1)!.options?.headers).toEqual({ [CHAT_KEY_HEADER]: key });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')!.textContent),
    ).toEqual(['Can I pay monthly?', 'Yes, choose Monthly.', 'Thanks']);
  });

  it('polls every 2 s only while the page is seen, and at once when it is seen again', async () => {
    const { server, box } = open();
    await type(box, 'Hello');
    const key = [...server.conversations.keys()][0]!;
    const before = polls(server).length;
    await wait(POLL_INTERVAL_MS * 2);
    expect(polls(server).length - before).toBe(2);

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    const hiddenFrom = polls(server).length;
    server.answer(key, 'Are you there?');
    await wait(POLL_INTERVAL_MS * 5);
    expect(polls(server).length).toBe(hiddenFrom);
    expect(screen.queryByText('Are you there?')).toBeNull();

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(polls(server).length).toBe(hiddenFrom + 1);
    expect(screen.getByText('Are you there?')).toBeTruthy();
  });

  it('keeps the text and says why when a message cannot be sent; an empty one is not sent', async () => {
    const { server, box } = open();
    await type(box, '   ');
    expect(server.calls).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(CHAT_WORDS.empty);

    server.failWith(new ApiFailure(CONNECTION_MESSAGE));
    await type(box, 'My question');
    expect(screen.getByRole('alert').textContent).toBe(CONNECTION_MESSAGE);
    expect(box.value).toBe('My question');
    expect(box.getAttribute('aria-invalid')).toBe('true');

    server.failWith(undefined);
    fireEvent.click(screen.getByRole('button', { name: CHAT_COPY.send }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box.value).toBe('');
  });

  it('shows progress while a message is on its way', async () => {
    const server = fakeServer();
    let release: () => void = () => undefined;
    const post = server.api.post.bind(server.api);
    server.api.post = (path, body, options) =>
      new Promise((resolve) => {
        release = () => resolve(post(path, body, options));
      });
    const { box } = open(server);
    await type(box, 'Slow question');
    const button = screen.getByRole('button', { name: CHAT_COPY.sending });
    expect(button.getAttribute('aria-busy')).toBe('true');
    release();
    await settle();
    expect(screen.getByRole('button', { name: CHAT_COPY.send })).toBeTruthy();
  });

  it('offers a new conversation once the desk closed this one, and refuses more messages to it', async () => {
    const { server, box } = open();
    await type(box, 'Hello');
    const key = [...server.conversations.keys()][0]!;
    server.close(key);
    await wait(POLL_INTERVAL_MS);
    expect(screen.getByText(CHAT_WORDS.closed)).toBeTruthy();
    expect(screen.queryByLabelText(CHAT_COPY.label)).toBeNull();
    const before = polls(server).length;
    await wait(POLL_INTERVAL_MS * 3);
    expect(polls(server).length).toBe(before);

    fireEvent.click(screen.getByRole('button', { name: CHAT_COPY.startNew }));
    await settle();
    expect(screen.getByText(CHAT_COPY.introTitle)).toBeTruthy();
    expect(storage.getItem('bimaflow:chat-key')).toBeNull();
    await type(screen.getByLabelText(CHAT_COPY.label) as HTMLTextAreaElement, 'Hello again');
    expect(server.conversations.size).toBe(2);
  });

  it('says so when a message goes to a conversation closed meanwhile', async () => {
    const { server, box } = open();
    await type(box, 'Hello');
    server.close([...server.conversations.keys()][0]!);
    await type(box, 'One more');
    expect(screen.getByText(CHAT_WORDS.closed)).toBeTruthy();
    expect(screen.getByRole('button', { name: CHAT_COPY.startNew })).toBeTruthy();
  });

  it('picks up the tab’s conversation after a reload, and ends one the server no longer knows', async () => {
    const server = fakeServer();
    const key = 'kept'.padEnd(43, 'k');
    server.conversations.set(key, {
      messages: [{ id: '7', from: 'expert', text: 'Earlier answer', at: new Date().toISOString() }],
      closed: false,
    });
    storage.setItem('bimaflow:chat-key', key);
    open(server);
    await settle();
    expect(polls(server)[0]!.path).toBe('/buyonlineoauth/chat/messages?after=0');
    expect(screen.getByText('Earlier answer')).toBeTruthy();

    server.conversations.delete(key);
    await wait(POLL_INTERVAL_MS);
    expect(screen.getByText(CHAT_WORDS.ended)).toBeTruthy();
    expect(storage.getItem('bimaflow:chat-key')).toBeNull();
  });

  it('sends the journey’s context with a message, and the capability only with its application', async () => {
    const { server, conversation, box } = open();
    conversation.setContext({
      productId: 'T54',
      step: 'plan-details',
      applicationNumber: '8892941567',
      capability: 'cap.abc',
    });
    await type(box, 'About my application');
    expect(server.calls[0]).toMatchObject({
      body: {
        text: 'About my application',
        productId: 'T54',
        step: 'plan-details',
        applicationNumber: '8892941567',
      },
      options: { capability: 'cap.abc' },
    });
    conversation.setContext({ productId: 'T54', capability: 'cap.abc' });
    await type(box, 'And another');
    expect(server.calls.at(-1)!.body).toEqual({ text: 'And another', productId: 'T54' });
    expect(server.calls.at(-1)!.options?.capability).toBeUndefined();
    // An application without its capability would be refused (403): the message goes without it.
    conversation.setContext({ productId: 'T54', step: 'plan-details', applicationNumber: '8892941567' });
    await type(box, 'Without the capability');
    expect(server.calls.at(-1)!.body).toEqual({
      text: 'Without the capability',
      productId: 'T54',
      step: 'plan-details',
    });
    expect(server.calls.at(-1)!.options?.capability).toBeUndefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
