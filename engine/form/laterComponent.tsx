import { useEffect, useState, type ComponentType } from 'react';

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
  const Component = (props: P) => {
    const [attempt, setAttempt] = useState(0);
    const [state, setState] = useState<'loading' | 'failed' | 'ready'>(loaded ? 'ready' : 'loading');
    useEffect(() => {
      if (loaded) return;
      let live = true;
      load().then(
        () => live && setState('ready'),
        () => live && setState('failed'),
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    if (state === 'failed')
      return (
        <p role="alert" className={className}>
          This part of the form could not be loaded. Please check your connection.{' '}
          <button
            type="button"
            className="bf-link-button"
            onClick={() => {
              setState('loading');
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </button>
        </p>
      );
    return (
      <p role="status" className={className}>
        Loading…
      </p>
    );
  };
  Component.displayName = `Later(${name})`;
  return { Component, load };
}
