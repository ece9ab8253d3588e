import { useCallback, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import type { LoadedStep } from '../plan/types.ts';
import { getByPointer } from '../schema/pointer.ts';
import type { ApplicationState } from '../state/applicationState.ts';
import { StepForm, type StepData } from './StepForm.tsx';
import { useModalDialog } from './useModalDialog.ts';

export interface PopupFormProps {
  popup: LoadedStep;
  /** The application state the popup's draft starts from (through its bind map); unused by an unbound popup. */
  application?: ApplicationState;
  /** Values the draft starts with over the bound ones (an unbound popup starts from these alone). */
  initialData?: StepData;
  widgets: RegistryWidgetsType;
  templates: Partial<TemplatesType>;
  /** Valid data; may be async (a save), and may throw to keep the popup open. */
  onSubmit: (data: StepData) => void | Promise<void>;
  onCancel: () => void;
  busy?: boolean;
  /** Shown above the submit button (e.g. an error from the save). */
  children?: ReactNode;
  /** A class on the dialog, for a popup's own styles. */
  className?: string;
}

/**
 * A plan popup's form in a modal dialog (portalled out of any page form): it edits a draft
 * of the bound places, so the application changes only when the visitor submits. Escape
 * and Cancel close it; page scroll is locked while it is open.
 */
export function PopupForm({
  popup,
  application,
  initialData,
  widgets,
  templates,
  onSubmit,
  onCancel,
  busy,
  children,
  className,
}: PopupFormProps) {
  const [draft, setDraft] = useState<StepData>(() => ({
    ...Object.fromEntries(
      Object.entries(popup.definition.bind).map(([field, pointer]) => [
        field,
        getByPointer(application, pointer) ?? {},
      ]),
    ),
    ...initialData,
  }));
  const submit = useCallback((data: StepData) => void onSubmit(data), [onSubmit]);
  const dialogRef = useModalDialog(onCancel);

  return createPortal(
    <div className="bf-modal-backdrop">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className={className ? `bf-modal bf-modal--form ${className}` : 'bf-modal bf-modal--form'}
        role="dialog"
        aria-modal="true"
        aria-label={String(popup.definition.title ?? popup.schema.title ?? '')}
      >
        <StepForm
          step={popup}
          formData={draft}
          validator={popup.validator}
          widgets={widgets}
          templates={templates}
          onChange={setDraft}
          onSubmit={submit}
          busy={busy}
          actions={
            <button type="button" className="bf-button bf-button--secondary" onClick={onCancel}>
              Cancel
            </button>
          }
        >
          {children}
        </StepForm>
      </div>
    </div>,
    document.body,
  );
}
