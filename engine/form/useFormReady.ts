import { useEffect, useState } from 'react';
import type { LoadedStep } from '../plan/types.ts';

export interface Readiness {
  /** What is waited for is there. */
  ready: boolean;
  /** It could not be downloaded (a dropped connection). */
  failed: boolean;
  /** Tries the download again after a failure. */
  retry: () => void;
}

/** Code or data a screen needs that comes in its own download: whether it is there, and how to get it. */
export interface Needed {
  loaded(): boolean;
  load(): Promise<unknown>;
}

/** Whether what a screen needs is there yet; asks for it when it is not. */
export function useLoaded(needed: Needed | undefined): Readiness {
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState<Needed | undefined>();
  const [attempt, setAttempt] = useState(0);
  const ready = !needed || needed.loaded();
  useEffect(() => {
    if (ready || !needed) return;
    let live = true;
    needed.load().then(
      () => live && setLoaded((n) => n + 1),
      () => live && setFailed(needed),
    );
    return () => {
      live = false;
    };
  }, [needed, ready, attempt]);
  return {
    ready,
    // A failure is of what was needed then: another step's wait starts under the loader.
    failed: !ready && failed !== undefined && failed === needed,
    retry: () => {
      setFailed(undefined);
      setAttempt((n) => n + 1);
    },
  };
}

const formNeeds = new WeakMap<LoadedStep, Needed>();

/**
 * What a form needs before it can show: its validators (a phone downloads those of every form
 * but the first step's after that step is on screen, LoadedPlan.loadForms).
 */
export function formNeeded(form: LoadedStep): Needed {
  let needed = formNeeds.get(form);
  if (!needed) {
    needed = { loaded: () => form.validatorLoaded(), load: () => form.loadValidator() };
    formNeeds.set(form, needed);
  }
  return needed;
}
