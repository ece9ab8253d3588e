import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';
import { createNodeEnvelope } from '../src/shared/envelope/nodeEnvelope.ts';

/*
 * The load generator of bench/api.ts, in a process of its own (pinned to another CPU than the
 * server's where the machine has two): the server's CPU is then the server's alone. It takes
 * one run a message over IPC and answers with what autocannon measured. Everything a run
 * needs travels as data: fixed requests every connection cycles through, or one body per
 * connection whose `carry` field is taken from each 2xx answer (a stage save sends the
 * version its previous save answered).
 */

export interface FixedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export type LoadRun = {
  url: string;
  connections: number;
  seconds: number;
} & (
  | { kind: 'fixed'; requests: FixedRequest[] }
  | {
      kind: 'perConnection';
      path: string;
      /** One a connection: its headers and the body it sends over and over. */
      clients: { headers: Record<string, string>; body: Record<string, unknown> }[];
      /** The field copied from each 2xx answer into the connection's next body. */
      carry?: string;
      /** Seal bodies as `{data: <envelope>}` and open sealed answers with this password; plain when absent. */
      envelopePassword?: string;
    }
);

export interface LoadResult {
  reqPerSec: number;
  total: number;
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
  /** Of 2xx answers, ms. */
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function perConnectionClients(run: Extract<LoadRun, { kind: 'perConnection' }>) {
  const envelope = run.envelopePassword ? createNodeEnvelope(run.envelopePassword) : undefined;
  const seal = (body: unknown) => JSON.stringify(envelope ? { data: envelope.seal(body) } : body);
  const open = (text: string): Record<string, unknown> | undefined => {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      const sealed = parsed.response ?? parsed.encryptedResponse;
      return envelope && typeof sealed === 'string'
        ? (envelope.open(sealed) as Record<string, unknown>)
        : parsed;
    } catch {
      return undefined;
    }
  };
  let taken = 0;
  return (client: AutocannonClient) => {
    const connection = run.clients[taken++ % run.clients.length]!;
    const request: AutocannonRequest = {
      method: 'POST',
      path: run.path,
      headers: connection.headers,
      setupRequest: (req) => ({ ...req, body: seal(connection.body) }),
      onResponse: (status, text) => {
        if (!run.carry || status < 200 || status >= 300) return;
        const value = open(text)?.[run.carry];
        if (value !== undefined) connection.body[run.carry] = value;
      },
    };
    client.setRequests([request]);
  };
}

async function drive(run: LoadRun): Promise<LoadResult> {
  const latencies: number[] = [];
  const options =
    run.kind === 'fixed'
      ? { requests: run.requests }
      : {
          requests: [{ method: 'POST', path: run.path }],
          setupClient: perConnectionClients(run),
        };
  const instance = autocannon({
    url: run.url,
    connections: run.connections,
    duration: run.seconds,
    ...options,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: result.requests.average,
    total: result.requests.total,
    sent: result.requests.sent,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodeStats: result.statusCodeStats,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

process.on('message', (run: LoadRun) => {
  drive(run).then(
    (result) => process.send!({ result }),
    (error: unknown) => process.send!({ error: String((error as Error)?.stack ?? error) }),
  );
});
