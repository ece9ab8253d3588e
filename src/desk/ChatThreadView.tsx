import { useEffect, useRef, useState, type FormEvent } from 'react';
import { deskApi, failureMessage } from './deskApi.ts';
import { formatIndiaDateTime, formatIndiaTime } from './indiaTime.ts';
import { Failure, Progress } from './Status.tsx';
import { useLoad } from './useLoad.ts';

const MAX_ANSWER = 1000;

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
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [closing, setClosing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = text.trim();
    const problem = !answer
      ? 'Please write an answer.'
      : answer.length > MAX_ANSWER
        ? `An answer can be at most ${MAX_ANSWER} characters.`
        : undefined;
    setFieldError(problem);
    setFailure(undefined);
    if (problem) return;
    setSending(true);
    try {
      await deskApi.answerChat(id, answer);
      setText('');
      thread.reload();
      onAnswered();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSending(false);
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
                  {fieldError && (
                    <p id="desk-answer-error" className="desk-field-error">
                      {fieldError}
                    </p>
                  )}
                </div>
                <button type="submit" className="desk-button desk-button--primary" disabled={sending}>
                  {sending ? 'Sending…' : 'Send'}
                </button>
              </form>
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
