import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { FoundApplication, MobileLookup } from './resumeCalls.ts';
import { useModalDialog } from '../../../../engine/form/useModalDialog.ts';

export interface ResumePickDialogProps {
  title: string;
  lookup: MobileLookup;
  submitLabel: string;
  busy: boolean;
  /** Shown above the buttons: a failure, or the progress of the call. */
  children?: ReactNode;
  onProceed: (application: FoundApplication) => void;
  onBack: () => void;
  onCancel: () => void;
}

/**
 * Step two of the resume dialog (spec 01 §2 'Resume dialog', spec 02 §4.3): the applications
 * found under a mobile number, each row a radio choice showing product id, Quote ID and
 * date, newest first and chosen to begin with, and a Proceed button. Escape and Cancel close
 * it; Back returns to the lookup with what was typed.
 */
export function ResumePickDialog({
  title,
  lookup,
  submitLabel,
  busy,
  children,
  onProceed,
  onBack,
  onCancel,
}: ResumePickDialogProps) {
  const { applications } = lookup;
  const [picked, setPicked] = useState(applications[0]?.applicationNumber);
  const dialogRef = useModalDialog(onCancel);
  const id = useId();

  const proceed = (event: FormEvent) => {
    event.preventDefault();
    const application = applications.find((row) => row.applicationNumber === picked);
    if (application && !busy) onProceed(application);
  };

  const found =
    applications.length === 1 ? 'We found 1 application' : `We found ${applications.length} applications`;
  return createPortal(
    <div className="bf-modal-backdrop">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="bf-modal bf-modal--form bf-resume"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-intro`}
      >
        <h1 className="bf-step-title" id={`${id}-title`}>
          {title}
        </h1>
        <p className="bf-resume__intro" id={`${id}-intro`}>
          {found}
          {lookup.maskedMobile ? ` for mobile number ${lookup.maskedMobile}` : ''}. Select the application you
          want to continue.
        </p>
        <form onSubmit={proceed} noValidate>
          <fieldset className="bf-resume__list">
            <legend className="bf-visually-hidden">Your applications</legend>
            {applications.map((row) => {
              const inputId = `${id}-${row.applicationNumber}`;
              const checked = row.applicationNumber === picked;
              return (
                <div
                  key={row.applicationNumber}
                  className={`bf-radio-card bf-resume__row${checked ? ' is-checked' : ''}`}
                >
                  <input
                    type="radio"
                    id={inputId}
                    name={`${id}-application`}
                    className="bf-radio-card__input"
                    value={row.applicationNumber}
                    checked={checked}
                    onChange={() => setPicked(row.applicationNumber)}
                  />
                  <label htmlFor={inputId} className="bf-radio-card__label bf-resume__label">
                    <span className="bf-radio-card__mark" aria-hidden="true" />
                    <span className="bf-resume__cell">
                      <span className="bf-resume__caption">Product ID</span> <strong>{row.productId}</strong>
                    </span>
                    <span className="bf-resume__cell">
                      <span className="bf-resume__caption">Quote ID</span>{' '}
                      <strong>{row.applicationNumber}</strong>
                    </span>
                    <span className="bf-resume__cell">
                      <span className="bf-resume__caption">Date</span> <strong>{row.datetime}</strong>
                    </span>
                  </label>
                </div>
              );
            })}
          </fieldset>
          {children}
          <div className="bf-step-actions">
            <button type="button" className="bf-button bf-button--secondary" onClick={onBack} disabled={busy}>
              Back
            </button>
            <button type="button" className="bf-button bf-button--secondary" onClick={onCancel}>
              Cancel
            </button>
            <button type="submit" className="bf-button bf-button--primary" disabled={busy} aria-busy={busy}>
              {submitLabel}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
