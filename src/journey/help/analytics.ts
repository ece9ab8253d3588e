/*
 * Measurement without personal data (issue 20, spec 01 §7.5, spec 02 §7; docs/design/analytics.md).
 *
 * Two listeners hear the same journey:
 * - `window.dataLayer`, for whatever tag manager the insurer puts on the page (none is loaded by
 *   default): each event has `event` and a payload of plan, step, field names, error keywords,
 *   choices and timings — never a value a visitor typed.
 * - our server, which records step enter, leave and error per anonymous visit for the desk's
 *   funnel (`POST /buyonlineoauth/analytics/steps`, no token, sent in small batches and with
 *   navigator.sendBeacon as the page hides).
 */

import { ANALYTICS_STEPS_PATH, FIELD_NAME } from '../../shared/analyticsApi.ts';

export type DataLayerValue = string | number | boolean | undefined;
export type DataLayerEvent = { event: string } & Record<string, DataLayerValue>;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes one event to the page's data layer (made when missing). */
export function pushEvent(event: string, payload: Record<string, DataLayerValue> = {}): void {
  const entry: Record<string, unknown> = { event };
  for (const [key, value] of Object.entries(payload)) if (value !== undefined) entry[key] = value;
  (window.dataLayer ??= []).push(entry);
}

export const STEP_EVENTS_PATH = ANALYTICS_STEPS_PATH;
const VISIT_KEY = 'bimaflow.visit';
const BATCH = 20;
const FLUSH_MS = 2000;

export interface StepEvent {
  productId: string;
  step: string;
  kind: 'enter' | 'leave' | 'error';
  field?: string;
  errorKey?: string;
  ms?: number;
}

/** This tab's anonymous visit id: random, kept for the tab's session, tied to nothing else. */
export function visitId(storage: Storage = window.sessionStorage): string {
  let id: string | null = null;
  try {
    id = storage.getItem(VISIT_KEY);
  } catch {
    // Storage refused (a private mode): a visit per page then.
  }
  if (id && /^[A-Za-z0-9_-]{16,40}$/.test(id)) return id;
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    storage.setItem(VISIT_KEY, id);
  } catch {
    // As above.
  }
  return id;
}

/**
 * Step events on their way to the server: gathered for a moment and sent together; what is
 * left when the page hides goes with sendBeacon, which the browser delivers after the page is gone.
 * A failed send is dropped (measurement never gets in the visitor's way).
 */
export class StepEvents {
  private queue: StepEvent[] = [];
  private timer: number | undefined;
  constructor(private readonly visit: string) {}

  add(event: StepEvent): void {
    this.queue.push(event);
    if (this.queue.length >= BATCH) this.flush();
    else this.timer ??= window.setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Sends what is queued: with sendBeacon when the page is going away, else with fetch. */
  flush(leaving = false): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length) {
      const body = JSON.stringify({ visitId: this.visit, events: this.queue.splice(0, BATCH) });
      if (leaving && navigator.sendBeacon?.(STEP_EVENTS_PATH, new Blob([body], { type: 'application/json' })))
        continue;
      void fetch(STEP_EVENTS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
      }).catch(() => undefined);
    }
  }
}

/**
 * A form element's field as RJSF ids it, never its value: `step-basic-details_policyHolder_fullName`
 * (or a radio option's `…_gender-1`) -> `policyHolder_fullName`.
 */
export function fieldOf(element: Element): string | undefined {
  const raw = (element as HTMLInputElement).name || element.id;
  const field = /^step-[A-Za-z0-9-]+_(.+?)(?:-\d+)?$/.exec(raw)?.[1];
  return field && FIELD_NAME.test(field) ? field : undefined;
}

/** An RJSF error's property ('.policyHolder.fullName') as a field name like fieldOf's. */
export function fieldOfProperty(property: string | undefined): string | undefined {
  const field = (property ?? '')
    .replace(/^\./, '')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .replace(/\./g, '_');
  return field && FIELD_NAME.test(field) ? field : undefined;
}
