import { journeyBase, plans } from '../../planRegistry.ts';

/**
 * Opens another plan's application (kept on this device with its capability) on that plan's
 * own page, which resumes it (`param`: useAutoResume's ?applicationNo=) and routes it by its stage. Loaded only when a
 * visitor picks one from the resume lookup's list.
 */
export function openElsewhere(productId: string, applicationNumber: string, param: string): void {
  const other = plans.find((summary) => summary.productId === productId);
  if (!other) return;
  window.location.assign(`${journeyBase(other)}?${param}=${encodeURIComponent(applicationNumber)}`);
}
