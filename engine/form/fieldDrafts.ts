import { flushSync } from 'react-dom';

/*
 * Fields that keep what is typed to themselves until the typing pauses (widgets/useFieldDraft.ts)
 * hold their draft here while it is on screen, so whatever must see the latest value can have
 * the drafts handed to their forms first: a submit (StepForm commits them as the submit event
 * starts, before RJSF reads its data), a change to another field (StepForm commits them before
 * that field's change, so a rule it sets off, such as clearing the number when the dial code
 * changes, applies to the typed value rather than being undone by it), the page being hidden
 * or left, and the browser's back and forward buttons (the step changes and its fields go
 * away). A keystroke costs a look-up here, and its field's entry being replaced.
 */

/** Each held draft's commit, with the id of its field (its input's id). */
const held = new Map<() => void, string | undefined>();
let listening = false;

/**
 * Hands every held draft to its form now (each field's commit calls its form's onChange),
 * but the draft of the field `exceptField` names: that field is the one changing.
 */
export function commitDrafts(exceptField?: string): void {
  for (const [commit, field] of [...held]) if (field === undefined || field !== exceptField) commit();
}

/**
 * For a form's capturing event handlers: before an event of some element reaches its own
 * handler, hands over the drafts of every other field.
 */
export function commitDraftsBefore(event: { target: EventTarget | null }): void {
  if (held.size === 0) return;
  const target = event.target as { id?: unknown } | null;
  commitDrafts(typeof target?.id === 'string' && target.id !== '' ? target.id : undefined);
}

/**
 * Holds a field's draft until the returned function releases it (once the form has the value).
 * `commit` must hand the draft to the form; it may be called more than once. `field` is the id
 * of the field's input, whose own events do not commit it.
 */
export function holdDraft(commit: () => void, field?: string): () => void {
  held.set(commit, field);
  listenToPage();
  return () => {
    held.delete(commit);
  };
}

/**
 * Hands every held draft to its form and renders that at once: before the journey changes the
 * address itself (src/app/journey/Journey.tsx: a Back link, a failed save taking the visitor to
 * its step), as the browser's own back and forward do below, so the step's fields do not go
 * away holding what was typed.
 */
export function commitDraftsNow(): void {
  if (held.size > 0) flushSync(() => commitDrafts());
}
const commitNow = commitDraftsNow;

/**
 * Commits the drafts, rendered at once, before anything else hears of the page going away or
 * the address changing: capturing on window runs before the listeners that save the
 * application (engine/state/applicationStore.ts persistOnPageHide) and route the journey.
 */
function listenToPage(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', commitNow, true);
  window.addEventListener('popstate', commitNow, true);
  window.addEventListener('hashchange', commitNow, true);
  window.addEventListener(
    'visibilitychange',
    () => document.visibilityState === 'hidden' && commitNow(),
    true,
  );
}
