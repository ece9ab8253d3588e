import { useEffect, useState } from 'react';
import type { LoadedStep } from '../plan/types.ts';

export interface FormReadiness {
  /** The form can be shown and validated now. */
  ready: boolean;
  /** Its validators could not be downloaded (a dropped connection). */
  failed: boolean;
  /** Tries the download again after a failure. */
  retry: () => void;
}

/**
 * Whether a form can be shown yet: a phone downloads the validators of every form but the
 * first step's after that step is on screen (LoadedPlan.loadForms), so a later step or a
 * popup opened sooner waits for them here, and says so if they do not come.
 */
export function useFormReady(form: LoadedStep | undefined): FormReadiness {
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const ready = !form || form.validatorLoaded();
  useEffect(() => {
    if (ready) return;
    let live = true;
    form?.loadValidator().then(
      () => live && setLoaded((n) => n + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [form, ready, attempt]);
  return {
    ready,
    failed: !ready && failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
