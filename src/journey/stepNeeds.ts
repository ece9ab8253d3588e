import { formNeeded, type Needed } from '../../engine/form/useFormReady.ts';
import type { LoadedStep } from '../../engine/plan/types.ts';
import { loadQuoteRequest, quoteRequest } from './laterParts.ts';
import { loadPanels, panelsLoaded } from './panels/registry.tsx';

const needs = new WeakMap<LoadedStep, Needed>();

/**
 * What a step needs before it can show, beyond the first download: its validators, the
 * panels' chunk when it declares shared panels, the quote request's code when its label
 * shows the quote. Both come once the first step is on screen
 * (Journey, laterParts.ts); a visitor quicker than that waits for them (FormGate).
 */
export function stepNeeded(step: LoadedStep): Needed {
  let needed = needs.get(step);
  if (!needed) {
    const validators = formNeeded(step);
    const parts: Array<{ loaded: () => boolean; load: () => Promise<unknown> }> = [validators];
    if ((step.definition.panels ?? []).length > 0) parts.push({ loaded: panelsLoaded, load: loadPanels });
    if (step.definition.submitLabelWithQuote) {
      parts.push({ loaded: () => quoteRequest() !== undefined, load: loadQuoteRequest });
    }
    needed =
      parts.length === 1
        ? validators
        : {
            loaded: () => parts.every((part) => part.loaded()),
            load: () => Promise.all(parts.map((part) => part.load())),
          };
    needs.set(step, needed);
  }
  return needed;
}
