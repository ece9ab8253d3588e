import { useLayoutEffect, useRef } from 'react';
import { caretAfterSignificant, countSignificant } from './caretPosition.ts';

/**
 * For inputs that reformat what is typed: call `keep(raw, caret, formatted)` in the change
 * handler; after the re-render the caret is put back after the same number of significant
 * characters (digits by default). A caret at the end is left to the browser, which keeps it there.
 */
export function useCaretKeeper<E extends HTMLInputElement>(significant: RegExp = /\d/) {
  const inputRef = useRef<E>(null);
  const pending = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = pending.current;
    pending.current = null;
    if (input && caret !== null && input.ownerDocument.activeElement === input) {
      input.setSelectionRange(caret, caret);
    }
  });

  const keep = (raw: string, caret: number | null, formatted: string) => {
    if (caret === null || caret >= raw.length) return;
    pending.current = caretAfterSignificant(
      formatted,
      countSignificant(raw, caret, significant),
      significant,
    );
  };

  return { inputRef, keep };
}
