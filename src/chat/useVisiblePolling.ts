import { useEffect } from 'react';

/** How often the page asks for new messages while it is seen. */
export const POLL_INTERVAL_MS = 2000;

/**
 * Calls `poll` at once and then every `intervalMs` after the last call finished, while `active`
 * and while the document is visible: a hidden tab asks nothing, and asks at once when it is
 * seen again. Calls never overlap.
 */
export function useVisiblePolling(
  poll: () => Promise<void>,
  active: boolean,
  intervalMs = POLL_INTERVAL_MS,
): void {
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let stopped = false;
    const visible = () => document.visibilityState === 'visible';
    const tick = async () => {
      if (running || stopped || !visible()) return;
      running = true;
      try {
        await poll();
      } finally {
        running = false;
      }
      clearTimeout(timer);
      if (!stopped && visible()) timer = setTimeout(() => void tick(), intervalMs);
    };
    const onVisibility = () => {
      clearTimeout(timer);
      if (visible()) void tick();
    };
    document.addEventListener('visibilitychange', onVisibility);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [poll, active, intervalMs]);
}
