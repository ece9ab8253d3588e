import { getByPointer } from '../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';

export type BoundData = Record<string, unknown>;

/** What a bound field holds before anything is saved there: {} for an object field, else nothing. */
function emptyValueOf(schema: object | undefined, field: string): unknown {
  const property = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties?.[
    field
  ];
  return property && property.type !== undefined && property.type !== 'object' ? undefined : {};
}

/**
 * A selector assembling a step's form data from the application state by its `bind` map.
 * It returns the same object while every bound value is the same object, so RJSF gets a
 * stable formData and nothing re-renders for changes elsewhere in the state. A field bound
 * to a place not yet written reads as {} when it is an object, and as absent otherwise
 * (a pay mode, a premium), so defaults fill it with its own type.
 */
export function createBoundSelector(
  bind: Record<string, string>,
  schema?: object,
): (application: ApplicationState) => BoundData {
  const entries = Object.entries(bind);
  const empties = entries.map(([field]) => emptyValueOf(schema, field));
  let lastValues: unknown[] | undefined;
  let lastData: BoundData = {};
  return (application) => {
    const values = entries.map(([, pointer]) => getByPointer(application, pointer));
    if (lastValues && values.every((value, i) => value === lastValues![i])) return lastData;
    lastValues = values;
    lastData = Object.fromEntries(
      entries.flatMap(([field], i) => {
        const value = values[i] ?? empties[i];
        return value === undefined ? [] : [[field, value]];
      }),
    );
    return lastData;
  };
}
