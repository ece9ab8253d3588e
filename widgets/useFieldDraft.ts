import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Typing that touches only its field: a keystroke re-renders this widget alone with what was
 * typed (the draft), and hands the value to the form in a transition, so the form's work (its
 * defaults, validation, every subscriber of the application) runs after the key is painted
 * and never holds up the next key. `commit` hands a value over at once: a blur or Enter (so a
 * submit always has the last key) and any change that is not a keystroke. A draft still on
 * its way when the page is hidden or left, or when the visitor goes back or forward (the step
 * changes and this widget goes away), is committed then, before the application is saved.
 */
export function useFieldDraft<T>(onChange: (value: T) => void) {
  const [draft, setDraft] = useState<{ value: T }>();
  const type = (value: T) => {
    setDraft({ value });
    startTransition(() => {
      onChange(value);
      setDraft(undefined);
    });
  };
  const commit = (value: T) => {
    setDraft(undefined);
    onChange(value);
  };

  useEffect(() => {
    if (!draft) return;
    // Capturing on window runs before the listeners that save the application (persistOnPageHide).
    const commitNow = () =>
      flushSync(() => {
        setDraft(undefined);
        onChange(draft.value);
      });
    const onVisibilityChange = () => document.visibilityState === 'hidden' && commitNow();
    window.addEventListener('pagehide', commitNow, true);
    window.addEventListener('popstate', commitNow, true);
    window.addEventListener('hashchange', commitNow, true);
    window.addEventListener('visibilitychange', onVisibilityChange, true);
    return () => {
      window.removeEventListener('pagehide', commitNow, true);
      window.removeEventListener('popstate', commitNow, true);
      window.removeEventListener('hashchange', commitNow, true);
      window.removeEventListener('visibilitychange', onVisibilityChange, true);
    };
  }, [draft, onChange]);

  return { draft, type, commit };
}
