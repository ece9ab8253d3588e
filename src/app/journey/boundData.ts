import { getByPointer } from '../../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';

export type BoundData = Record<string, unknown>;

/**
 * A selector assembling a step's form data from the application state by its `bind` map.
 * It returns the same object while every bound value is the same object, so RJSF gets a
 * stable formData and nothing re-renders for changes elsewhere in the state.
 */
export function createBoundSelector(
  bind: Record<string, string>,
): (application: ApplicationState) => BoundData {
  const entries = Object.entries(bind);
  let lastValues: unknown[] | undefined;
  let lastData: BoundData = {};
  return (application) => {
    const values = entries.map(([, pointer]) => getByPointer(application, pointer));
    if (lastValues && values.every((value, i) => value === lastValues![i])) return lastData;
    lastValues = values;
    lastData = Object.fromEntries(entries.map(([field], i) => [field, values[i] ?? {}]));
    return lastData;
  };
}
