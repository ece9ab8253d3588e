import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_TEXT_MAX } from '../shared/chatApi.ts';
import { deskApi, failureMessage } from './deskApi.ts';
import { formatIndiaDateTime, formatIndiaTime } from './indiaTime.ts';
import { Failure, Progress } from './Status.tsx';
import { useLoad } from './useLoad.ts';

/** How often the open chats and the open thread are read again while the page is in view. */
export const CHAT_REFRESH_MS = 3000;

/** One conversation: its context, its messages (read again every few seconds), an answer box and Close. */
export function ChatThreadView({
  id,
  onClosed,
  onAnswered,
}: {
  id: string;
  onClosed: () => void;
  onAnswered: () => void;
}) {
  const thread = useLoad(`chat:${id}`, (signal) => deskApi.chat(id, signal), CHAT_REFRESH_MS);
  const [failure, setFailure] = useState<string>();
  const [closing, setClosing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function answer(text: string): Promise<boolean> {
    setFailure(undefined);
    try {
      await deskApi.answerChat(id, text);
      thread.reload();
      onAnswered();
      return true;
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
  }

  async function close() {
    setClosing(true);
    setFailure(undefined);
    try {
      await deskApi.closeChat(id);
      onClosed();
    } catch (error) {
      setFailure(failureMessage(error));
      setClosing(false);
    }
  }

  const chat = thread.data;
  return (
    <section aria-labelledby="desk-thread-heading" className="desk-thread">
      <h2 id="desk-thread-heading" ref={heading} tabIndex={-1}>
        Conversation{chat ? ` on ${chat.planName ?? chat.productId ?? 'no plan'}` : ''}
      </h2>
      {thread.loading && <Progress>Loading the conversation…</Progress>}
      <Failure message={failure ?? thread.error} />
      {chat && (
        <>
          <p className="desk-muted">
            Started {formatIndiaDateTime(chat.startedAt)}
            {chat.step ? ` · step ${chat.step}` : ''}
            {chat.applicationNumber ? ` · application ${chat.applicationNumber}` : ''}
          </p>
          <div role="log" aria-label="Messages">
            <ol className="desk-messages">
              {chat.messages.map((message) => (
                <li key={message.id} className={`desk-message desk-message--${message.from}`}>
                  <p className="desk-message__who">
                    {message.from === 'visitor'
                      ? 'Visitor'
                      : `Expert${message.staffName ? ` (${message.staffName})` : ''}`}{' '}
                    <span className="desk-muted">{formatIndiaTime(message.at)}</span>
                  </p>
                  <p className="desk-message__text">{message.text}</p>
                </li>
              ))}
            </ol>
          </div>
          {chat.closedAt ? (
            <p className="desk-done">This chat was closed {formatIndiaDateTime(chat.closedAt)}.</p>
          ) : (
            <>
              <AnswerForm onAnswer={answer} />
              <button type="button" className="desk-button" onClick={close} disabled={closing}>
                {closing ? 'Closing…' : 'Close chat'}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** What is wrong with an answer (trimmed), in the staff member's words; undefined when nothing is. */
export function answerProblem(answer: string): string | undefined {
  if (!answer) return 'Please write an answer.';
  if (answer.length > CHAT_TEXT_MAX) return `An answer can be at most ${CHAT_TEXT_MAX} characters.`;
  return undefined;
}

/**
 * The answer box: a wrong answer's message is announced as it appears and tied to the box; a
 * good one goes to `onAnswer`, and the box is emptied once that says it was sent.
 */
export function AnswerForm({ onAnswer }: { onAnswer: (answer: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = text.trim();
    const problem = answerProblem(answer);
    setFieldError(problem);
    if (problem) return;
    setSending(true);
    try {
      if (await onAnswer(answer)) setText('');
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={send} className="desk-answer">
      <div className="desk-field">
        <label htmlFor="desk-answer-text">Your answer</label>
        <textarea
          id="desk-answer-text"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'desk-answer-error' : undefined}
        />
        {/* Always there, so a screen reader announces the message as it appears. */}
        <p
          id="desk-answer-error"
          role="alert"
          className={fieldError ? 'desk-field-error' : 'desk-field-error desk-failure--none'}
        >
          {fieldError}
        </p>
      </div>
      <button type="submit" className="desk-button desk-button--primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
