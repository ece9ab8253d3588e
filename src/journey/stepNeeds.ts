import { formNeeded, type Needed } from '../../engine/form/useFormReady.ts';
import type { LoadedStep } from '../../engine/plan/types.ts';
import { loadPanels, panelsLoaded } from './panels/registry.tsx';

const needs = new WeakMap<LoadedStep, Needed>();

/**
 * What a step needs before it can show, beyond the first download: its validators and, when
 * it declares shared panels, the panels' chunk. Both come once the first step is on screen
 * (JourneyPage); a visitor quicker than that waits for them (FormGate).
 */
export function stepNeeded(step: LoadedStep): Needed {
  let needed = needs.get(step);
  if (!needed) {
    const validators = formNeeded(step);
    const withPanels = (step.definition.panels ?? []).length > 0;
    needed = withPanels
      ? {
          loaded: () => validators.loaded() && panelsLoaded(),
          load: () => Promise.all([validators.load(), loadPanels()]),
        }
      : validators;
    needs.set(step, needed);
  }
  return needed;
}
