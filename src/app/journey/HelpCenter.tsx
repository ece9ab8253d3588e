import { useEffect, useId, useRef } from 'react';

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
  controls: string;
  onToggle: () => void;
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
  content,
  onClose,
}: {
  id: string;
  content: HelpCenterContent;
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
    <section id={id} ref={ref} tabIndex={-1} className="bf-help-center" aria-labelledby={headingId}>
      <div className="bf-help-center__head">
        <h2 id={headingId}>{content.title}</h2>
        <button
          type="button"
          className="bf-help-center__close"
          onClick={onClose}
          aria-label={`Close ${content.title}`}
        >
          ×
        </button>
      </div>
      <p>{content.intro}</p>
      {content.questions.map((item) => (
        <details key={item.question} className="bf-help-center__item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
      <p className="bf-help-center__contact">{content.contact}</p>
    </section>
  );
}
