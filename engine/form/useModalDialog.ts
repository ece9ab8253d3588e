import { useEffect, useRef, type RefObject } from 'react';

/**
 * What every modal dialog does (spec 01 §2 popups): the page behind does not scroll while
 * it is open, Escape closes it, the focus moves into it when it opens (to `focusTarget`, or
 * the dialog itself) and returns to where it was when it closes. Answers the ref to put on
 * the dialog element.
 */
export function useModalDialog<T extends HTMLElement = HTMLDivElement>(
  onClose: () => void,
  focusTarget?: () => HTMLElement | null | undefined,
): RefObject<T | null> {
  const dialogRef = useRef<T>(null);
  const initialFocus = useRef(focusTarget);

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    (initialFocus.current?.() ?? dialogRef.current)?.focus();
    return () => opener?.focus?.();
  }, []);

  return dialogRef;
}
