import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from './deskApi.ts';

interface Outcome<T> {
  key: string;
  version: number;
  data?: T;
  error?: string;
}

export interface Loaded<T> {
  data: T | undefined;
  /** The server's message when the last load failed. */
  error: string | undefined;
  /** Nothing is shown yet for this key (first load, or the key changed). */
  loading: boolean;
  /** Loads again (after a change made here); the figures on screen stay until the answer comes. */
  reload: () => void;
}

/**
 * Loads what a section shows, again whenever `key` changes, and every `refreshMs` while the
 * page is visible (chats). A load still under way when another starts is abandoned. What is on
 * screen stays while a refresh is under way; a failed refresh shows its message beside it.
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  refreshMs?: number,
): Loaded<T> {
  const [outcome, setOutcome] = useState<Outcome<T>>();
  const [version, setVersion] = useState(0);
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    latestLoad.current(controller.signal).then(
      (data) => setOutcome({ key, version, data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setOutcome((before) => ({
          key,
          version,
          data: before?.key === key ? before.data : undefined,
          error: failureMessage(error),
        }));
      },
    );
    return () => controller.abort();
  }, [key, version]);

  useEffect(() => {
    if (!refreshMs || key === null) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setVersion((v) => v + 1);
    }, refreshMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') setVersion((v) => v + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, refreshMs]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const current = outcome?.key === key ? outcome : undefined;
  return {
    data: current?.data,
    error: current?.error,
    loading: key !== null && !current,
    reload,
  };
}
