import { useRef, type ReactNode } from 'react';
import { useModalDialog } from '../../engine/form/useModalDialog.ts';

/**
 * Spec 01 §2 error popup: title defaults to 'Something went wrong', optional message,
 * closable; locks page scroll while open and returns focus when closed. A popup with its
 * own choices (the payment failure modal's Retry and Skip) gives `actions`; the first
 * of them takes the focus, and Escape or the backdrop still mean onClose.
 */
export function ErrorPopup({
  title = 'Something went wrong',
  message,
  details,
  actions,
  onClose,
}: {
  title?: string;
  message?: string;
  /** Further lines under the message (a reason, a payment id). */
  details?: ReactNode;
  /** Buttons in place of Close. */
  actions?: ReactNode;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  useModalDialog(onClose, () => closeRef.current ?? actionsRef.current?.querySelector<HTMLElement>('button'));
  return (
    <div className="bf-modal-backdrop" onClick={onClose}>
      <div
        className="bf-modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="bf-error-popup-title"
        aria-describedby={message ? 'bf-error-popup-message' : undefined}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="bf-error-popup-title">{title}</h2>
        {message && <p id="bf-error-popup-message">{message}</p>}
        {details}
        {actions ? (
          <div ref={actionsRef} className="bf-modal__actions">
            {actions}
          </div>
        ) : (
          <button ref={closeRef} type="button" className="bf-button bf-button--primary" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </div>
  );
}
