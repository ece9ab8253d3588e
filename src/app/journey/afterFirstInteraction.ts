/*
 * What a first screen does not need waits for the visitor: the later steps' code, copy, help
 * and token are asked for once the visitor first touches, clicks, moves the mouse, scrolls with a
 * wheel or presses a key on the page, and then only when the browser is idle (issue 21). A page nobody uses
 * downloads nothing more, and the first screen never shares the network or the CPU with it.
 */

/** The events of a person using the page (a focus may be the page's own, a scroll the layout's). */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'mousemove'] as const;

/** How long an idle callback may be put off before it runs anyway (a page that is never idle). */
const IDLE_TIMEOUT_MS = 2_000;

interface IdleWindow {
  requestIdleCallback?(callback: () => void, options?: { timeout: number }): number;
  cancelIdleCallback?(handle: number): void;
}

/** Runs `callback` when the browser is idle (at once on the next task where it cannot say). */
export function whenIdle(callback: () => void, target: Window = window): () => void {
  const idle = target as unknown as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => idle.cancelIdleCallback!(handle);
  }
  const timer = target.setTimeout(callback, 0);
  return () => target.clearTimeout(timer);
}

/** Whether the visitor has used the page since `noteFirstInteraction` began listening. */
let interacted = false;

/**
 * Listens from the entry on (main.tsx), so a touch or key on the page's first paint, before the
 * journey's code is there to listen, still counts as the visitor's first interaction.
 */
export function noteFirstInteraction(target: Window = window): void {
  const options = { capture: true, passive: true } as const;
  const note = () => {
    interacted = true;
    for (const type of INTERACTIONS) target.removeEventListener(type, note, options);
  };
  for (const type of INTERACTIONS) target.addEventListener(type, note, options);
}

/**
 * Runs `callback` once, when the browser is idle after the visitor's first interaction with
 * the page (at once when idle if it came before this was asked). The returned function cancels
 * it (and stops listening) if it has not run.
 */
export function afterFirstInteraction(callback: () => void, target: Window = window): () => void {
  if (interacted) return whenIdle(callback, target);
  let cancelIdle: (() => void) | undefined;
  const options = { capture: true, passive: true } as const;
  const stopListening = () => {
    for (const type of INTERACTIONS) target.removeEventListener(type, onInteraction, options);
  };
  function onInteraction() {
    stopListening();
    cancelIdle = whenIdle(callback, target);
  }
  for (const type of INTERACTIONS) target.addEventListener(type, onInteraction, options);
  return () => {
    stopListening();
    cancelIdle?.();
  };
}
