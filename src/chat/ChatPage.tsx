import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { CHAT_TEXT_MAX, type ChatMessage } from '../shared/chatApi.ts';
import type { ChatConversation } from './chatConversation.ts';
import { useVisiblePolling } from './useVisiblePolling.ts';

/*
 * The chat page (issue 20): the conversation as a log that announces new messages politely, and
 * a box to write in. Enter sends, Shift+Enter starts a new line; a message that could not be
 * sent stays in the box with the reason beside it. Answers come from people at the operations
 * desk and appear as they are polled for.
 */

export const CHAT_COPY = {
  title: 'Chat with a life insurance expert',
  introTitle: 'Start a conversation with a life insurance expert',
  intro: 'Type your question and a life insurance expert will answer here.',
  label: 'Your message',
  send: 'Send',
  sending: 'Sending…',
  expert: 'Life insurance expert',
  visitor: 'You',
  startNew: 'Start a new conversation',
} as const;

const timeOf = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

function Message({ message }: { message: ChatMessage }) {
  const from = message.from === 'expert' ? CHAT_COPY.expert : CHAT_COPY.visitor;
  return (
    <li className={`bf-chat__message bf-chat__message--${message.from}`}>
      <span className="bf-chat__from">{from}</span>
      <p className="bf-chat__text">{message.text}</p>
      <time className="bf-chat__time" dateTime={message.at}>
        {timeOf.format(new Date(message.at))}
      </time>
    </li>
  );
}

export function ChatPage({ conversation, framed }: { conversation: ChatConversation; framed: boolean }) {
  const state = useSyncExternalStore(conversation.subscribe, conversation.getState);
  const [text, setText] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const ids = { box: useId(), error: useId(), hint: useId() };

  useVisiblePolling(conversation.poll, state.started && !state.ended);

  // The newest message in view as it arrives.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.messages.length, state.ended]);

  useEffect(() => {
    if (!framed) boxRef.current?.focus();
  }, [framed]);

  const send = async () => {
    if (state.sending) return;
    if (await conversation.send(text)) setText('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };
  const startNew = () => {
    conversation.startNew();
    requestAnimationFrame(() => boxRef.current?.focus());
  };

  return (
    <main className={`bf-chat${framed ? ' bf-chat--framed' : ''}`}>
      <h1 className={framed ? 'bf-visually-hidden' : 'bf-chat__title'}>{CHAT_COPY.title}</h1>
      <div
        ref={logRef}
        className="bf-chat__log"
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        // Scrollable with the keyboard too.
        tabIndex={0}
      >
        {state.messages.length ? (
          <ol className="bf-chat__messages">
            {state.messages.map((message) => (
              <Message key={message.id} message={message} />
            ))}
          </ol>
        ) : (
          <div className="bf-chat__intro">
            <p className="bf-chat__intro-title">{CHAT_COPY.introTitle}</p>
            <p>{CHAT_COPY.intro}</p>
          </div>
        )}
      </div>
      {state.pollError ? (
        <p className="bf-chat__status" role="status">
          {state.pollError}
        </p>
      ) : null}
      {state.ended ? (
        <div className="bf-chat__ended" role="status">
          <p>{state.ended}</p>
          <button type="button" className="bf-chat__button" onClick={startNew}>
            {CHAT_COPY.startNew}
          </button>
        </div>
      ) : (
        <form className="bf-chat__composer" onSubmit={onSubmit} noValidate>
          <label className="bf-chat__label" htmlFor={ids.box}>
            {CHAT_COPY.label}
          </label>
          <div className="bf-chat__row">
            <textarea
              ref={boxRef}
              id={ids.box}
              className="bf-chat__box"
              rows={2}
              maxLength={CHAT_TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={state.sendError ? true : undefined}
              aria-describedby={state.sendError ? `${ids.error} ${ids.hint}` : ids.hint}
            />
            <button
              type="submit"
              className="bf-chat__button"
              aria-disabled={state.sending || undefined}
              aria-busy={state.sending || undefined}
            >
              {state.sending ? CHAT_COPY.sending : CHAT_COPY.send}
            </button>
          </div>
          <p id={ids.hint} className="bf-chat__hint">
            Enter sends; Shift+Enter starts a new line.
          </p>
          {state.sendError ? (
            <p id={ids.error} className="bf-chat__error" role="alert">
              {state.sendError}
            </p>
          ) : null}
        </form>
      )}
    </main>
  );
}
