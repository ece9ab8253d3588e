import { lazy, Suspense, type ComponentType } from 'react';
import panelNames from './panelNames.json' with { type: 'json' };
import type { SharedPanelProps } from './panelTypes.ts';
import { PreviousQuoteStrip } from './PreviousQuoteStrip.tsx';

/*
 * The shared panels a plan's steps name in plan.json (`panels: [{ "type": "quote" }]`), one
 * flat registry; plans:validate checks every name a plan uses against panelNames.json, which
 * a unit test holds equal to ./panelComponents.ts. The panels' code (the quote, the review,
 * the payment choices and what they need) is not part of a phone's first download (but for the
 * landing screen's panels): it comes
 * in one chunk once the first step is on screen (Journey asks for it: laterParts.ts), and a
 * step with panels opens only once it is there (its FormGate waits: stepNeeds.ts).
 */

type Components = Record<string, ComponentType<SharedPanelProps>>;

let components: Components | undefined;
let loading: Promise<Components> | undefined;

/** Downloads the panels' chunk (once; again after a failure). */
export function loadPanels(): Promise<void> {
  loading ??= import('./panelComponents.ts').then((module) => (components = module.panelComponents));
  loading.catch(() => {
    loading = undefined;
  });
  return loading.then(() => undefined);
}

export function panelsLoaded(): boolean {
  return components !== undefined;
}

/** A thenable that answers at once: React.lazy then renders without suspending. */
function settled<T>(value: T): Promise<T> {
  return { then: (resolve: (value: T) => unknown) => resolve(value) } as unknown as Promise<T>;
}

function lazyPanel(name: string): ComponentType<SharedPanelProps> {
  const resolve = (loaded: Components) => {
    const Panel = loaded[name];
    if (!Panel) throw new Error(`No shared panel '${name}' in src/journey/panels/panelComponents.ts`);
    return { default: Panel };
  };
  const Lazy = lazy(() =>
    components ? settled(resolve(components)) : loadPanels().then(() => resolve(components!)),
  );
  function Panel(props: SharedPanelProps) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Panel.displayName = `Panel(${name})`;
  return Panel;
}

/** Panels a plan shows on its landing screen (plan.json `landingPanel`): in the first download. */
export const landingPanels: Components = { previousQuoteStrip: PreviousQuoteStrip };

export const panels: Components = Object.fromEntries(
  panelNames.map((name) => [name, landingPanels[name] ?? lazyPanel(name)]),
);
