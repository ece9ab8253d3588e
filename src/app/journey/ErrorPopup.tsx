import { useEffect, useRef } from 'react';

/**
 * Spec 01 §2 error popup: title defaults to 'Something went wrong', optional message,
 * closable; locks page scroll while open and returns focus when closed.
 */
export function ErrorPopup({
  title = 'Something went wrong',
  message,
  onClose,
}: {
  title?: string;
  message?: string;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      window.removeEventListener('keydown', onKey);
      previousFocus?.focus?.();
    };
  }, [onClose]);
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
        <button ref={closeRef} type="button" className="bf-button bf-button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
