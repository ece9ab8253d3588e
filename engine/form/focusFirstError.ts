/**
 * Brings the first invalid field (in page order) into view and focuses it, so an invalid
 * submit lands the visitor, and a screen reader, on what to fix (spec 02 §5.3).
 */
export function focusFirstError(form: HTMLElement | null): void {
  if (!form) return;
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  const target = field.closest<HTMLElement>('.bf-field') ?? field;
  target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  field.focus({ preventScroll: true });
}
