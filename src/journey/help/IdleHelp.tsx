import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '../../../engine/form/useModalDialog.ts';
import type { HelpCopy } from '../../plans/planContent.ts';

/** Spec 02 §4.8 and §9: the idle popup opens after 120000 ms without mouse move, click or keypress. */
export const IDLE_MS = 120_000;
/** What counts as the visitor being there: the spec's mouse move, click and keypress, and a touch (a phone has no mouse). */
const ACTIVITY = ['mousemove', 'click', 'keydown', 'touchstart'] as const;

/**
 * Calls `onIdle` once the page has had no activity for IDLE_MS while `armed` (an application
 * number exists and no other dialog is open); any activity starts the wait again.
 */
export function useIdle(armed: boolean, onIdle: () => void): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!armed) return;
    let timer = window.setTimeout(() => latest.current(), IDLE_MS);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current(), IDLE_MS);
    };
    for (const type of ACTIVITY) window.addEventListener(type, restart, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, restart, { capture: true });
    };
  }, [armed]);
}

/**
 * The idle popup (spec 02 §2.9, §4.8): 'Talk to our expert' opens Talk to Expert; 'Get a call
 * back' books the earliest open slot for the application's holder. The page does not scroll
 * while it is open; a booking failure is shown here (spec 02 §8).
 */
export function IdlePopup({
  copy,
  busy,
  message,
  onTalk,
  onCallBack,
  onClose,
}: {
  copy: HelpCopy;
  busy: boolean;
  message?: string;
  onTalk: () => void;
  onCallBack: () => void;
  onClose: () => void;
}) {
  const dialogRef = useModalDialog<HTMLDivElement>(onClose);
  return createPortal(
    <div className="bf-modal-backdrop">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="bf-modal bf-idle"
        role="dialog"
        aria-modal="true"
        aria-labelledby="bf-idle-title"
      >
        <button type="button" className="bf-expert__close" aria-label={copy.close} onClick={onClose}>
          ×
        </button>
        <h2 id="bf-idle-title">{copy.idleTitle}</h2>
        {message && (
          <p className="bf-expert__message" role="alert">
            {message}
          </p>
        )}
        {busy && (
          <p className="bf-expert__progress" role="status">
            <span className="bf-loader__spinner bf-loader__spinner--small" aria-hidden="true" />
            {copy.booking}
          </p>
        )}
        <div className="bf-modal__actions">
          <button type="button" className="bf-button bf-button--secondary" onClick={onTalk} disabled={busy}>
            {copy.idleTalk}
          </button>
          <button type="button" className="bf-button bf-button--primary" onClick={onCallBack} disabled={busy}>
            {copy.idleCallBack}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
