import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { issueCapability } from '../../../src/server/api/applications/requireCapability.ts';
import type { TestApi } from './testApp.ts';

/* Shared by the lead, call-back and outbox tests. */

/** A live capability for this application, as create or resume would hand out. */
export function capabilityFor(api: TestApi, applicationNumber: string): string {
  return issueCapability(api.app, applicationNumber.toUpperCase());
}

/** What a call naming an application without its capability hears (as the stage saves do). */
export const NO_CAPABILITY = {
  status: 'Failed',
  statusCode: 403,
  message: 'Please resume your application to continue.',
};

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

/** Asserts that an opened answer has exactly the documented shape. */
export function expectShape(schema: object, value: unknown): void {
  const validate = ajv.compile(schema);
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
}

export async function rowCounts(api: TestApi): Promise<{ leads: number; outbox: number; bookings: number }> {
  const { rows } = await api.app.db.query<{ leads: string; outbox: string; bookings: string }>(
    `SELECT (SELECT count(*) FROM leads)::text AS leads, (SELECT count(*) FROM outbox)::text AS outbox,
            (SELECT count(*) FROM callback_bookings)::text AS bookings`,
  );
  const row = rows[0]!;
  return { leads: Number(row.leads), outbox: Number(row.outbox), bookings: Number(row.bookings) };
}

export interface LeadRow {
  id: string;
  lead_id: string | null;
  kind: string;
  application_number: string | null;
  product_id: string | null;
  mobile: string | null;
  payload: Record<string, unknown>;
}

export interface OutboxRowRaw {
  id: string;
  topic: string;
  record_id: string;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  delivered_at: Date | null;
}

export async function leadByLeadId(api: TestApi, leadId: string): Promise<LeadRow | undefined> {
  const { rows } = await api.app.db.query<LeadRow>(
    'SELECT id::text AS id, lead_id, kind, application_number, product_id, mobile, payload FROM leads WHERE lead_id = $1',
    [leadId],
  );
  return rows[0];
}

/** The newest lead (ordered by the numeric column, not its text alias: '9' > '10'). */
export async function latestLead(api: TestApi): Promise<LeadRow | undefined> {
  const { rows } = await api.app.db.query<LeadRow>(
    'SELECT id::text AS id, lead_id, kind, application_number, product_id, mobile, payload FROM leads ORDER BY leads.id DESC LIMIT 1',
  );
  return rows[0];
}

export async function outboxFor(api: TestApi, recordId: string): Promise<OutboxRowRaw[]> {
  const { rows } = await api.app.db.query<OutboxRowRaw>(
    `SELECT id::text AS id, topic, record_id::text AS record_id, payload, status, attempts, next_attempt_at,
            last_error, delivered_at FROM outbox WHERE record_id = $1`,
    [recordId],
  );
  return rows;
}

/** The last word of StatusMessage (spec 02 §7). */
export function lastWord(message: string): string {
  return message.trim().split(/\s+/).pop()!;
}

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

export interface Webhook {
  url: string;
  received: ReceivedDelivery[];
  /** Decides each answer: a status code, or 'hang' to never answer. */
  respond: (delivery: ReceivedDelivery) => number | 'hang' | Promise<number | 'hang'>;
  close(): Promise<void>;
}

/** A real local HTTP server on a free port standing in for the CRM/call-centre webhook. */
export async function startWebhook(): Promise<Webhook> {
  const hanging = new Set<() => void>();
  const webhook: Webhook = {
    url: '',
    received: [],
    respond: () => 200,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery: ReceivedDelivery = { headers: req.headers, body, json: JSON.parse(body) };
      webhook.received.push(delivery);
      void Promise.resolve(webhook.respond(delivery)).then((status) => {
        if (status === 'hang') {
          hanging.add(() => res.destroy());
          return;
        }
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'webhook is down');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  webhook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`;
  return webhook;
}
