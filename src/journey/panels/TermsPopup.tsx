import { useRef } from 'react';
import { useModalDialog } from '../../../engine/form/useModalDialog.ts';

/** The Terms & Conditions popup of the review screen (spec 02 §2.7); text from the plan's content. */
export function TermsPopup({
  title,
  paragraphs,
  onClose,
}: {
  title: string;
  paragraphs: string[];
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useModalDialog(onClose, () => closeRef.current);
  return (
    <div className="bf-modal-backdrop" onClick={onClose}>
      <div
        className="bf-modal bf-modal--text"
        role="dialog"
        aria-modal="true"
        aria-labelledby="bf-terms-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="bf-terms-title">{title}</h2>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <button ref={closeRef} type="button" className="bf-button bf-button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
