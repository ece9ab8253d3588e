/*
 * The journey's machine (XState and engine/machine, a chunk of their own), loaded once: before
 * the first render where the page opens on anything but a new visitor's first step
 * (JourneyPage's prepareJourney), else once the visitor first uses the page (Journey).
 */
export type JourneyMachineModule = typeof import('../../../engine/machine/journeyActor.ts');

let loading: Promise<JourneyMachineModule> | undefined;

export function loadJourneyMachine(): Promise<JourneyMachineModule> {
  loading ??= import('../../../engine/machine/journeyActor.ts');
  // A failed download may be tried again.
  loading.catch(() => (loading = undefined));
  return loading;
}
