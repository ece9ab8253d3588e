import { useRef } from 'react';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';

/**
 * The step's form data assembled from the application state by its `bind` map. Returns
 * the same object while every bound value is the same, so RJSF sees a stable formData.
 */
export function useBoundData(bind: Record<string, string>, application: ApplicationState): Record<string, unknown> {
  const cache = useRef<{ bind: Record<string, string>; values: unknown[]; data: Record<string, unknown> }>(undefined);
  const entries = Object.entries(bind);
  const values = entries.map(([, pointer]) => getByPointer(application, pointer));
  const cached = cache.current;
  if (cached && cached.bind === bind && cached.values.every((value, i) => value === values[i])) return cached.data;
  const data = Object.fromEntries(entries.map(([field], i) => [field, values[i] ?? {}]));
  cache.current = { bind, values, data };
  return data;
}
