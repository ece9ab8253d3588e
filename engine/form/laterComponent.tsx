import { lazy, Suspense, useState, type ComponentType } from 'react';

/*
 * A form component whose code comes after the first screen (issue 21): what no first screen
 * draws is left out of the form runtime a phone downloads first, and loaded with the later
 * forms (src/app/planRegistry.ts `withLaterFormCode`), which a later step waits for
 * (FormGate, with its retry). Anything that draws it before then says the wait, then draws it;
 * if its code cannot come, it says so with a retry instead of breaking the form.
 */

export interface LaterComponent<P> {
  /** Draws the component: at once once loaded, after a wait before. */
  Component: ComponentType<P>;
  /** Loads its code (once; again after a failure). */
  load: () => Promise<ComponentType<P>>;
}

interface Fallback {
  onRetry?: () => void;
  className?: string;
}

/** What shows where the code could not come. */
function Unavailable({ onRetry, className }: { onRetry: () => void; className: string }) {
  return (
    <p role="alert" className={className}>
      This part of the form could not be loaded. Please check your connection.{' '}
      <button type="button" className="bf-link-button" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- RJSF's fields and widgets take their own props
export function laterComponent<P extends Record<string, any>>(
  download: () => Promise<{ default: unknown }>,
  name: string,
  /** The class of what shows in its place while it loads or after a failure (a popover's own look). */
  className = 'bf-field-loading',
): LaterComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () => {
    if (!loading) {
      const attempt = download().then((module) => (loaded = module.default as ComponentType<P>));
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
      loading = attempt;
    }
    return loading;
  };
  // One lazy component per attempt: a failed one is not asked again.
  const lazyAttempt = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component as ComponentType<P & Fallback> }),
        () => ({ default: Unavailable as unknown as ComponentType<P & Fallback> }),
      ),
    );
  let Lazy = lazyAttempt();
  const Component = (props: P) => {
    const [, retried] = useState(0);
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    const retry = () => {
      Lazy = lazyAttempt();
      retried((count) => count + 1);
    };
    return (
      <Suspense
        fallback={
          <p role="status" className={className}>
            Loading…
          </p>
        }
      >
        <Lazy {...props} onRetry={retry} className={className} />
      </Suspense>
    );
  };
  Component.displayName = `Later(${name})`;
  return { Component, load };
}
