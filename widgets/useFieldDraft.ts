import { startTransition, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { holdDraft } from '../engine/form/fieldDrafts.ts';

/** How long the keys must pause before what was typed is handed to the form. */
export const TYPING_PAUSE_MS = 250;

/**
 * Typing that touches only its field: a keystroke re-renders this widget alone with what was
 * typed (the draft). The form is handed the value once the keys pause (in a transition, so a
 * key pressed while the form works is not held up), and at once by `commit`: a blur or Enter,
 * and any change that is not a keystroke (a clear button, a calendar day, a suggestion).
 *
 * A draft on screen is held in engine/form/fieldDrafts.ts, so it is committed before a submit
 * reads the form's data, before another field's change, when the page is hidden or left, and
 * when the visitor goes back or forward; a field that goes away with a draft hands it over as
 * it goes. `field` is the id of the field's input, whose own events leave the draft alone.
 */
export function useFieldDraft<T>(onChange: (value: T) => void, field?: string) {
  const [draft, setDraft] = useState<{ value: T }>();
  // The form's onChange of the latest render, and the value typed but not yet handed over.
  const handTo = useRef(onChange);
  const unsent = useRef<{ value: T }>(undefined);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useLayoutEffect(() => {
    handTo.current = onChange;
  });

  const commit = useCallback((value: T) => {
    clearTimeout(pause.current);
    unsent.current = undefined;
    setDraft(undefined);
    handTo.current(value);
  }, []);

  const type = useCallback((value: T) => {
    setDraft({ value });
    unsent.current = { value };
    clearTimeout(pause.current);
    pause.current = setTimeout(() => {
      unsent.current = undefined;
      startTransition(() => {
        setDraft(undefined);
        handTo.current(value);
      });
    }, TYPING_PAUSE_MS);
  }, []);

  // Held while it is on screen: until the render that clears it commits, the form may not have it.
  useLayoutEffect(
    () => (draft ? holdDraft(() => commit(draft.value), field) : undefined),
    [draft, commit, field],
  );

  useLayoutEffect(
    () => () => {
      clearTimeout(pause.current);
      if (unsent.current) handTo.current(unsent.current.value);
    },
    [],
  );

  return { draft, type, commit };
}
