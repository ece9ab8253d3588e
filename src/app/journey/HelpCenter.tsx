import { useEffect, useId, useRef } from 'react';
import { MESSAGES } from '../../journey/messages.ts';

export interface HelpCenterContent {
  title: string;
  intro: string;
  questions: { question: string; answer: string }[];
  contact: string;
}

/** The header's Help Center toggle (spec 02 §2.3): a button that shows and hides the panel below. */
export function HelpCenterToggle({
  label,
  open,
  controls,
  onToggle,
}: {
  label: string;
  open: boolean;
  /** The panel's id; none where there is no panel yet (the page's shell). */
  controls?: string;
  onToggle?: () => void;
}) {
  return (
    <button
      type="button"
      className="bf-header-link bf-header-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {label}
    </button>
  );
}

/**
 * The Help Center panel: the plan's questions and answers as disclosure rows, and how to
 * reach the insurer. Escape closes it and returns the focus to the toggle.
 */
export function HelpCenterPanel({
  id,
  title,
  content,
  failed = false,
  onRetry,
  onClose,
}: {
  id: string;
  /** The toggle's label: the panel's name while its answers are still on their way. */
  title: string;
  /** Undefined while the plan's later forms (which carry the answers) load: a busy panel. */
  content: HelpCenterContent | undefined;
  /** The answers could not be downloaded: said, with a way to try again. */
  failed?: boolean;
  onRetry?: () => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const toggle = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      toggle?.focus?.();
    };
  }, [onClose]);
  return (
    <section
      id={id}
      ref={ref}
      tabIndex={-1}
      className="bf-help-center"
      aria-labelledby={headingId}
      aria-busy={!content}
    >
      <div className="bf-help-center__head">
        <h2 id={headingId}>{content?.title ?? title}</h2>
        <button
          type="button"
          className="bf-help-center__close"
          onClick={onClose}
          aria-label={`Close ${content?.title ?? title}`}
        >
          ×
        </button>
      </div>
      {content ? (
        <HelpCenterAnswers content={content} />
      ) : failed ? (
        <div role="alert">
          <p>{MESSAGES.formNotLoaded}</p>
          <button type="button" className="bf-button bf-button--primary" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : (
        <p role="status">Loading…</p>
      )}
    </section>
  );
}

function HelpCenterAnswers({ content }: { content: HelpCenterContent }) {
  return (
    <>
      <p>{content.intro}</p>
      {content.questions.map((item) => (
        <details key={item.question} className="bf-help-center__item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
      <p className="bf-help-center__contact">{content.contact}</p>
    </>
  );
}
