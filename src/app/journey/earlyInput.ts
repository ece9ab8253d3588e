/*
 * What a visitor did in a journey's first paint before its code arrived (issue 21). The page's
 * HTML holds the first step's form (tools/routeShells.tsx) whose fields take typing and taps at
 * once; React's first render replaces that HTML with the live step, drawn the same. What was
 * typed, ticked or chosen there, and where the caret was, is read just before that render and
 * handed to the live fields just after it, as the visitor's own input (so the step's state, its
 * drafts and its checks see it), and nothing typed is lost.
 */

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface EarlyField {
  id: string;
  /** A box or option button: whether it is ticked. */
  checked?: boolean;
  /** Any other field: its value. */
  value?: string;
}

export interface EarlyInput {
  fields: EarlyField[];
  /** The field that had the focus, with its caret. */
  focus?: { id: string; start: number | null; end: number | null };
}

const isToggle = (element: FieldElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');

/** Whether a field differs from what the HTML gave it, i.e. the visitor (or the browser's autofill) changed it. */
function changed(element: FieldElement): EarlyField | undefined {
  if (isToggle(element))
    return element.checked !== element.defaultChecked
      ? { id: element.id, checked: element.checked }
      : undefined;
  if (element instanceof HTMLSelectElement)
    return [...element.options].some((option) => option.selected !== option.defaultSelected)
      ? { id: element.id, value: element.value }
      : undefined;
  return element.value !== element.defaultValue ? { id: element.id, value: element.value } : undefined;
}

/** Reads what was done in the first paint's fields under `container` (nothing where it holds none). */
export function takeEarlyInput(container: HTMLElement): EarlyInput {
  const fields: EarlyField[] = [];
  for (const element of container.querySelectorAll<FieldElement>('input[id], select[id], textarea[id]')) {
    const field = changed(element);
    if (field) fields.push(field);
  }
  const active = document.activeElement;
  const caret = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
  const focus =
    active instanceof HTMLElement && active.id && container.contains(active)
      ? {
          id: active.id,
          start: caret ? safe(() => active.selectionStart) : null,
          end: caret ? safe(() => active.selectionEnd) : null,
        }
      : undefined;
  return { fields, focus };
}

/** An input type without a caret throws on selectionStart. */
function safe(read: () => number | null): number | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** Sets a field's value as typing does: through the element's own setter, then its input event (what React listens to). */
function type(element: FieldElement, value: string): void {
  const prototype = Object.getPrototypeOf(element) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  if (element instanceof HTMLSelectElement) element.dispatchEvent(new Event('change', { bubbles: true }));
}

function apply(container: HTMLElement, early: EarlyInput): boolean {
  const find = (id: string) => {
    const element = container.ownerDocument.getElementById(id);
    return element && container.contains(element) ? (element as FieldElement) : undefined;
  };
  const ids = [...early.fields.map((field) => field.id), ...(early.focus ? [early.focus.id] : [])];
  if (!ids.some((id) => find(id))) return false;
  for (const field of early.fields) {
    const element = find(field.id);
    if (!element || element.disabled) continue;
    if (field.checked !== undefined) {
      if (isToggle(element) && element.checked !== field.checked) element.click();
    } else if (field.value !== undefined && element.value !== field.value) {
      type(element, field.value);
    }
  }
  const focused = early.focus && find(early.focus.id);
  if (focused && early.focus) {
    focused.focus({ preventScroll: true });
    const { start, end } = early.focus;
    // The caret goes back where it was only where the live field shows what was typed; a field
    // that formats what it is given (a date's slashes, a mobile's spaces) keeps its own caret,
    // at the end of what it shows.
    const typed = early.fields.find((field) => field.id === early.focus?.id)?.value;
    const same = typed === undefined || focused.value === typed;
    if (same && start !== null && end !== null && !(focused instanceof HTMLSelectElement))
      safe(() => {
        focused.setSelectionRange(start, end);
        return null;
      });
  }
  return true;
}

/**
 * Hands what was read to the live fields under `container`, once they are there (at once after
 * a synchronous first render; else when they appear, for up to `waitMs`).
 */
export function replayEarlyInput(container: HTMLElement, early: EarlyInput, waitMs = 10_000): void {
  if (early.fields.length === 0 && !early.focus) return;
  if (apply(container, early)) return;
  const observer = new MutationObserver(() => {
    if (apply(container, early)) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(container, { childList: true, subtree: true });
}
