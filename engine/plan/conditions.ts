import type { Condition } from './types.ts';
import { getByPointer } from '../schema/pointer.ts';

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

/** Whether a plan's condition holds on the application (no condition: it holds). */
export function holds(condition: Condition | undefined, application: unknown): boolean {
  if (!condition) return true;
  const value = getByPointer(application, condition.pointer);
  if ('equals' in condition && value !== condition.equals) return false;
  if ('notEquals' in condition && value === condition.notEquals) return false;
  if (condition.in && !condition.in.includes(value)) return false;
  if (condition.present !== undefined && isPresent(value) !== condition.present) return false;
  return true;
}
