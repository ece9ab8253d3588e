import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Readiness } from '../../../engine/form/useFormReady.ts';
import { MESSAGES } from '../../journey/messages.ts';
import { Loader } from './Loader.tsx';

/**
 * Shows a form once what it needs is there (its useLoaded answer, engine/form/useFormReady.ts):
 * a phone loads the validators of every form but the first step's after that step is on
 * screen (and a popup's code when it first opens), so a visitor quick to a later step or a
 * popup waits for them under the loader, and a dropped connection is said, with a way to try
 * again. `overlay` shows the wait over the page (for a popup).
 */
export function FormGate({
  readiness,
  overlay = false,
  onCancel,
  children,
}: {
  readiness: Readiness;
  overlay?: boolean;
  /** Offered beside 'Try again' after a failure (a popup the visitor may close instead). */
  onCancel?: () => void;
  children: () => ReactNode;
}) {
  const { ready, failed, retry } = readiness;
  if (ready) return children();
  const body = failed ? (
    <div className="bf-form-gate" role="alert">
      <p>{MESSAGES.formNotLoaded}</p>
      <div className="bf-form-gate__actions">
        <button type="button" className="bf-button bf-button--primary" onClick={retry}>
          Try again
        </button>
        {onCancel && (
          <button type="button" className="bf-button bf-button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  ) : (
    <Loader />
  );
  return overlay ? createPortal(<div className="bf-busy-overlay">{body}</div>, document.body) : body;
}
