import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/Db.ts';
import { consentsInForce } from '../consents/consentStore.ts';
import { LEAD_KINDS } from '../leads/recordLead.ts';
import { claimDue, markAttemptFailed, markDelivered, type OutboxRow } from './outboxStore.ts';
import { retryDelayMs } from './retryDelay.ts';

export interface OutboxDispatcherOptions {
  db: Queryable;
  /** Absent: nothing is delivered and every row stays 'pending'. */
  webhookUrl?: string;
  /** When set, each delivery carries `x-bimaflow-signature: sha256=<hex HMAC of the body>`. */
  webhookSecret?: string;
  batchSize: number;
  maxAttempts: number;
  timeoutMs: number;
  intervalMs: number;
  now?: () => Date;
  random?: () => number;
  log?: {
    info(msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export interface DispatchResult {
  claimed: number;
  delivered: number;
  retried: number;
  failed: number;
}

export interface OutboxDispatcher {
  /** One run: claim due rows, deliver each once, record the outcomes. */
  dispatchOnce(): Promise<DispatchResult>;
  /** Runs dispatchOnce on a timer (unref'd) until stop(); a full batch runs again at once. */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** What the webhook receives, as JSON. */
export interface OutboxDelivery {
  /** Also the idempotency key: a retried delivery carries the same one. */
  id: string;
  topic: string;
  recordId: string | null;
  createdAt: string;
  attempt: number;
  payload: unknown;
  /**
   * The consents in force, by kind, of the application the message is about, as they stand
   * when it is delivered (not when it was written): a WhatsApp message is sent only where
   * `whatsapp` is true, so a consent withdrawn meanwhile stops them (docs/design/consents.md).
   * Absent when the message is about no application, or one with no consent recorded.
   */
  consents?: Record<string, boolean>;
}

const ERROR_BODY_CHARS = 200;

/**
 * Delivers outbox rows to the webhook at least once: a row is retried with backoff until a
 * 2xx answer, and marked 'failed' after `maxAttempts`. Receivers deduplicate on
 * `x-idempotency-key` (`outbox-<id>`). Several instances may run dispatchers on one
 * database: claims skip each other's rows and lease them for the length of a call.
 */
export function createOutboxDispatcher(options: OutboxDispatcherOptions): OutboxDispatcher {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  // A claimed row is another instance's again only after every call of its batch could have timed out.
  const leaseMs = options.timeoutMs * 2 + 30_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  /** The consents in force of the application a message is about (its payload names it, or its lead row). */
  async function consentsOf(row: OutboxRow): Promise<Record<string, boolean> | undefined> {
    const named = (row.payload as { applicationNumber?: unknown } | null)?.applicationNumber;
    const isLead = (LEAD_KINDS as readonly string[]).includes(row.topic);
    const consents = await consentsInForce(options.db, {
      applicationNumber: typeof named === 'string' && named ? named : null,
      leadRowId: isLead ? row.recordId : null,
    });
    return Object.keys(consents).length ? consents : undefined;
  }

  async function post(row: OutboxRow): Promise<string | undefined> {
    let consents: Record<string, boolean> | undefined;
    try {
      consents = await consentsOf(row);
    } catch (error) {
      return `consents: ${error instanceof Error ? error.message : String(error)}`;
    }
    const delivery: OutboxDelivery = {
      id: `outbox-${row.id}`,
      topic: row.topic,
      recordId: row.recordId,
      createdAt: row.createdAt,
      attempt: row.attempts,
      payload: row.payload,
      ...(consents ? { consents } : {}),
    };
    const body = JSON.stringify(delivery);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-bimaflow-topic': row.topic,
      'x-idempotency-key': delivery.id,
    };
    if (options.webhookSecret) {
      headers['x-bimaflow-signature'] =
        `sha256=${createHmac('sha256', options.webhookSecret).update(body).digest('hex')}`;
    }
    try {
      const response = await fetch(options.webhookUrl!, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.ok) {
        await response.body?.cancel();
        return undefined;
      }
      const text = await response.text().catch(() => '');
      return `HTTP ${response.status}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ''}`;
    } catch (error) {
      return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  }

  async function deliver(row: OutboxRow, result: DispatchResult): Promise<void> {
    const error = await post(row);
    const at = now();
    if (error === undefined) {
      if (await markDelivered(options.db, row, at)) result.delivered++;
      return;
    }
    const giveUp = row.attempts >= options.maxAttempts;
    const retryAt = new Date(at.getTime() + retryDelayMs(row.attempts, random));
    if (await markAttemptFailed(options.db, row, { error, retryAt, giveUp })) {
      if (giveUp) {
        result.failed++;
        options.log?.error({ outboxId: row.id, topic: row.topic, error }, 'outbox delivery failed for good');
      } else {
        result.retried++;
        options.log?.warn(
          { outboxId: row.id, attempts: row.attempts, error },
          'outbox delivery will be retried',
        );
      }
    }
  }

  async function dispatchOnce(): Promise<DispatchResult> {
    const result: DispatchResult = { claimed: 0, delivered: 0, retried: 0, failed: 0 };
    if (!options.webhookUrl) return result;
    const start = now();
    const rows = await claimDue(options.db, {
      now: start,
      leaseUntil: new Date(start.getTime() + leaseMs),
      limit: options.batchSize,
    });
    result.claimed = rows.length;
    await Promise.all(rows.map((row) => deliver(row, result)));
    return result;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      const run = dispatchOnce().then(
        (result) => (result.claimed === options.batchSize ? 0 : options.intervalMs),
        (error: unknown) => {
          options.log?.error({ err: error }, 'outbox dispatcher run failed');
          return options.intervalMs;
        },
      );
      running = run;
      void run.then((next) => {
        running = undefined;
        schedule(next);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    dispatchOnce,
    start() {
      if (!stopped || !options.webhookUrl) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
