import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { build, requestWithoutQuery } from '../src/server/app.ts';
import {
  configFromEnv,
  type ResumeLimitName,
  type ServerConfig,
  type WindowLimit,
} from '../src/server/config.ts';
import { createPostgresDb } from '../src/server/db/postgresDb.ts';
import { createNodeEnvelope, type NodeEnvelope } from '../src/shared/envelope/nodeEnvelope.ts';
import {
  BENCH_ROUTES,
  type Answer,
  type BenchContext,
  type BenchRoute,
  type RouteLoad,
} from './apiRoutes.ts';
import type { LoadResult, LoadRun } from './loadGenerator.ts';

/*
 * npx tsx bench/api.ts (npm run bench:api) — throughput and latency of the hot API routes
 * (bench/apiRoutes.ts) through the real server: build() listening on 127.0.0.1, once on
 * PGlite (a fresh data directory, pincodes seeded) and once on PostgreSQL when
 * DATABASE_URL or TEST_DATABASE_URL is set (a schema of its own, dropped afterwards).
 * Measured fairly (issue 21): the load generator (autocannon, bench/loadGenerator.ts) runs in
 * a process of its own, and where the machine has two CPUs and `taskset`, this process (the
 * server, its PGlite) is pinned to CPU 0 and the load generator to CPU 1. The server logs
 * every request as `npm start` does, into a pipe to `wc -c`. Beside each route, a Fastify
 * hello-world with the same request log, asked by a POST with the same Bearer header and a
 * body the size of the quote request, is measured just before it in the same run: every
 * route's req/s is also printed as a share of it, the figure that survives a noisy machine.
 * Every route is measured on its success path: a probe must answer 2xx before the run,
 * and any non-2xx answer or error during a run is a failure, printed loudly, and makes the
 * bench exit non-zero. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (20), BENCH_WARMUP (s, 2);
 * BENCH_ONLY (routes whose name contains it) and BENCH_DATABASES (pglite,postgres) narrow a
 * run, e.g. for a CPU profile (node --cpu-prof --import tsx bench/api.ts; BENCH_REFERENCE=off
 * leaves the hello-world out of it).
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const UNLIMITED = { limit: 1_000_000_000, windowMs: 60_000 };
/** Every resume limit, so a limit added later cannot turn the resume bench into a bench of refusals. */
const NO_RESUME_LIMITS: Record<ResumeLimitName, WindowLimit> = {
  perIp: UNLIMITED,
  perMobile: UNLIMITED,
  perApplication: UNLIMITED,
  perMobileDaily: UNLIMITED,
  perApplicationDaily: UNLIMITED,
};
const HELLO_WORLD = 'fastify hello-world';
const ONLY = process.env.BENCH_ONLY;
/** BENCH_REFERENCE=off leaves the hello-world out (a CPU profile of the routes alone). */
const REFERENCE = process.env.BENCH_REFERENCE !== 'off';
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');

interface Target {
  name: 'pglite' | 'postgres';
  config: ServerConfig;
  cleanup(): Promise<void>;
}

interface Measured {
  database: string;
  route: string;
  reqPerSec: number;
  /** req/s as a share of the hello-world measured beside it. */
  ofHelloWorld?: number;
  /** CPU time of the server's process (not the load generator's) per answered request, ms. */
  cpuMsPerRequest: number;
  p50: number;
  p95: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

const notes: string[] = [];
/** Routes that did not answer 2xx every time: the bench fails. */
const failures: string[] = [];

/** The server as deployed, minus what would throttle a single benchmarking client. */
function benchConfig(overrides: Partial<ServerConfig>): ServerConfig {
  return {
    ...configFromEnv({}),
    tokenSecret: randomBytes(32).toString('hex'),
    seedPincodes: true,
    outboxDispatch: false,
    resumeMinimumAnswerMs: 0,
    resumeRateLimits: NO_RESUME_LIMITS,
    // The bench measures throughput from one token: limits on writes would answer 429.
    writeRateLimits: false,
    ...overrides,
  };
}

function targets(): Target[] {
  const list: Target[] = [];
  if (DATABASES.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bimaflow-bench-'));
    list.push({
      name: 'pglite',
      config: benchConfig({ dataDir }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    });
  }
  const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!DATABASES.includes('postgres')) {
    // not asked for
  } else if (databaseUrl) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    // A pool with a connection for each client connection, so the pool does not queue the
    // bench's requests (DATABASE_POOL_SIZE in a deployment; its default is 10).
    list.push({
      name: 'postgres',
      config: benchConfig({ databaseUrl, databaseSchema: schema, databasePoolSize: CONNECTIONS }),
      async cleanup() {
        const admin = await createPostgresDb(databaseUrl, { max: 1 });
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => admin.close());
      },
    });
  } else {
    notes.push('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to include it.');
  }
  return list;
}

function readAnswer(envelope: NodeEnvelope, status: number, text: string, headers: Record<string, string>) {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
    const sealed =
      (body as Record<string, unknown>)?.response ?? (body as Record<string, unknown>)?.encryptedResponse;
    if (typeof sealed === 'string') body = envelope.open(sealed);
  } catch {
    // not JSON, or not sealed: keep what was read
  }
  return { status, body, headers } satisfies Answer;
}

async function token(baseUrl: string, publicClientId: string): Promise<string> {
  const res = await fetch(`${baseUrl}/buyonlineoauth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&client_id=${publicClientId}`,
  });
  if (!res.ok) throw new Error(`token call answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Where the server (this process) and the load generator run: CPU 0 and CPU 1 when the machine allows. */
const PINNED = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;
if (PINNED) {
  // Every thread of this process (the server's, PGlite's worker), and the threads it starts later.
  spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  notes.push('server (this process) pinned to CPU 0, load generator to CPU 1 (taskset).');
} else {
  notes.push('not pinned: one CPU or no taskset, server and load generator share the machine.');
}

let loadGenerator: ChildProcess | undefined;

/** The load generator's process, started once: node on CPU 1 (or anywhere, unpinned). */
function generator(): ChildProcess {
  if (!loadGenerator) {
    const script = fileURLToPath(new URL('./loadGenerator.ts', import.meta.url));
    const node = [process.execPath, '--import', 'tsx', script];
    const [command, ...args] = PINNED ? ['taskset', '-c', '1', ...node] : node;
    loadGenerator = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }
  return loadGenerator;
}

/** One run in the load generator's process. */
function generate(run: LoadRun): Promise<LoadResult> {
  const child = generator();
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message: { result?: LoadResult; error?: string }) => {
      child.off('exit', onExit);
      if (message.result) resolve(message.result);
      else reject(new Error(message.error));
    });
    child.send(run);
  });
}

/** One load-generator run of a route's load; the server's CPU time (this process) per answered request. */
async function drive(
  baseUrl: string,
  route: Pick<BenchRoute, 'path' | 'plain'>,
  headers: Record<string, string>,
  load: RouteLoad,
  seconds: number,
  envelope: NodeEnvelope,
  envelopePassword: string,
) {
  const { path } = route;
  const seal = (body: unknown) => JSON.stringify(route.plain ? body : { data: envelope.seal(body) });
  if (load.kind === 'perConnection') await load.prepare?.();
  const common = { url: baseUrl, connections: CONNECTIONS, seconds };
  const run: LoadRun =
    load.kind === 'fixed'
      ? {
          ...common,
          kind: 'fixed',
          requests: load.bodies.map((body) => ({
            method: 'POST',
            path,
            headers: { ...headers, ...load.headers },
            body: seal(body),
          })),
        }
      : {
          ...common,
          kind: 'perConnection',
          path,
          clients: load.connections().map((connection) => ({
            headers: { ...headers, ...connection.headers },
            body: connection.body,
          })),
          ...(load.carry ? { carry: load.carry } : {}),
          ...(route.plain ? {} : { envelopePassword }),
        };
  const cpu = process.cpuUsage();
  const result = await generate(run);
  return { result, cpuMsPerRequest: cpuMs(cpu) / Math.max(1, result.total) };
}

async function benchRoute(
  app: FastifyInstance,
  baseUrl: string,
  context: BenchContext,
  headers: Record<string, string>,
  envelope: NodeEnvelope,
  envelopePassword: string,
  database: string,
  route: BenchRoute,
): Promise<Measured | undefined> {
  const skip = (why: string) => {
    failures.push(`${database} / ${route.name}: not measured, ${why}`);
    return undefined;
  };
  const missing = [route.path, ...(route.needs ?? [])].filter(
    (url) => !app.hasRoute({ method: 'POST', url }),
  );
  if (missing.length) return skip(`${missing.join(' and ')} answers 404`);
  let load: RouteLoad;
  try {
    load = await route.setup(context);
  } catch (error) {
    return skip(`setup failed: ${(error as Error).message}`);
  }
  // One request first: a route that refuses the bench's body is reported, not measured.
  if (load.kind === 'perConnection') await load.prepare?.();
  const probe =
    load.kind === 'fixed' ? { body: load.bodies[0], headers: load.headers } : load.connections()[0]!;
  const answer = await context.post(route.path, probe.body, probe.headers, route.plain);
  if (answer.status < 200 || answer.status >= 300) {
    failures.push(
      `${database} / ${route.name}: the probe answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
    return undefined;
  }
  if (load.note) notes.push(`${database} / ${route.name}: ${load.note}.`);

  if (WARMUP > 0) {
    const warm = await drive(baseUrl, route, headers, load, WARMUP, envelope, envelopePassword);
    reportFailures(`${database} / ${route.name} (warm-up)`, warm.result);
  }
  const { result, cpuMsPerRequest } = await drive(
    baseUrl,
    route,
    headers,
    load,
    DURATION,
    envelope,
    envelopePassword,
  );
  reportFailures(`${database} / ${route.name}`, result);
  return {
    database,
    route: route.name,
    reqPerSec: result.reqPerSec,
    cpuMsPerRequest,
    p50: result.p50,
    p95: result.p95,
    p99: result.p99,
    ok: result.ok,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** CPU time (user + system) of this process since `since`, ms. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Any non-2xx answer, error or timeout of a run is a failure of the bench. */
function reportFailures(label: string, result: LoadResult) {
  const refused = Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith('2'));
  const parts = refused.map(([code, { count }]) => `${code}×${count}`);
  if (result.errors) parts.push(`errors×${result.errors}`);
  if (result.timeouts) parts.push(`timeouts×${result.timeouts}`);
  if (parts.length) failures.push(`${label}: ${parts.join(', ')} of ${result.sent} requests`);
}

/** The request log as `npm start` writes it (src/server/main.ts), into a pipe to `wc -c`. */
const logSink = spawn('wc', ['-c'], { stdio: ['pipe', 'pipe', 'inherit'] });
let loggedBytes = '';
logSink.stdout.on('data', (chunk: Buffer) => (loggedBytes += chunk.toString()));
const REQUEST_LOG = { serializers: { req: requestWithoutQuery }, stream: logSink.stdin };

/**
 * The reference: a Fastify app with the server's request log, answering a POST of a JSON body
 * with {hello: 'world'}, on its own port, asked with the Bearer header and a body the size
 * of the quote request, by the same load generator.
 */
async function benchHelloWorld(database: string, headers: Record<string, string>, bodySize: number) {
  const hello = Fastify({ logger: REQUEST_LOG });
  hello.post('/', async () => ({ hello: 'world' }));
  const address = await hello.listen({ port: 0, host: '127.0.0.1' });
  const filler = 'x'.repeat(Math.max(0, bodySize - JSON.stringify({ padding: '' }).length));
  const request = { method: 'POST', path: '/', headers, body: JSON.stringify({ padding: filler }) };
  try {
    const run = (seconds: number) =>
      generate({ kind: 'fixed', url: address, connections: CONNECTIONS, seconds, requests: [request] });
    if (WARMUP > 0) await run(WARMUP);
    const cpu = process.cpuUsage();
    const result = await run(DURATION);
    const cpuMsPerRequest = cpuMs(cpu) / Math.max(1, result.total);
    reportFailures(`${database} / ${HELLO_WORLD}`, result);
    return {
      database,
      route: HELLO_WORLD,
      reqPerSec: result.reqPerSec,
      ofHelloWorld: 1,
      cpuMsPerRequest,
      p50: result.p50,
      p95: result.p95,
      p99: result.p99,
      ok: result.ok,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    } satisfies Measured;
  } finally {
    await hello.close();
  }
}

async function benchTarget(target: Target): Promise<Measured[]> {
  const started = performance.now();
  const app = await build({
    config: target.config,
    staticRoot: join(tmpdir(), 'bimaflow-bench-no-spa'),
    logger: REQUEST_LOG,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const startMs = Math.round(performance.now() - started);
  const measured: Measured[] = [];
  try {
    const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pincodes');
    const pool = target.config.databasePoolSize ? `, a pool of ${target.config.databasePoolSize}` : '';
    notes.push(
      `${target.name}: fresh database to listening in ${startMs} ms (migrations and ${rows[0]!.n} pincodes seeded${pool}).`,
    );
    const envelope = createNodeEnvelope(target.config.envelopePassword);
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${await token(address, target.config.publicClientId)}`,
    };
    const context: BenchContext = {
      db: app.db,
      connections: CONNECTIONS,
      async post(path, body, extra = {}, plain = false) {
        const res = await fetch(`${address}${path}`, {
          method: 'POST',
          headers: { ...headers, ...extra },
          body: JSON.stringify(plain ? body : { data: envelope.seal(body) }),
        });
        return readAnswer(envelope, res.status, await res.text(), Object.fromEntries(res.headers));
      },
    };
    // The hello-world's body: the size of the quote request's (the first quote route's first body).
    const quoteRoute = BENCH_ROUTES.find((route) => route.plain);
    const quoteLoad = quoteRoute ? await quoteRoute.setup(context) : undefined;
    const bodySize =
      quoteLoad?.kind === 'fixed' ? JSON.stringify(quoteLoad.bodies[0]).length : JSON.stringify({}).length;
    const helloHeaders = { 'content-type': 'application/json', authorization: headers.authorization };
    for (const route of BENCH_ROUTES.filter(({ name }) => !ONLY || name.includes(ONLY))) {
      // The reference is measured right before each route, so a machine that gets busier or
      // quieter during the run moves both figures of a ratio alike.
      const hello = REFERENCE ? await benchHelloWorld(target.name, helloHeaders, bodySize) : undefined;
      const row = await benchRoute(
        app,
        address,
        context,
        headers,
        envelope,
        target.config.envelopePassword,
        target.name,
        route,
      );
      if (hello) measured.push({ ...hello, route: `${HELLO_WORLD} (before ${route.name})` });
      if (row) measured.push({ ...row, ofHelloWorld: hello && row.reqPerSec / hello.reqPerSec });
    }
  } finally {
    await app.close();
    await target.cleanup();
  }
  return measured;
}

function printTable(rows: Measured[]) {
  const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(2));
  const table = [
    [
      'database',
      'route',
      'req/s',
      'of hello',
      'cpu ms/req',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      '2xx',
      'non-2xx',
      'errors',
    ],
    ...rows.map((r) => [
      r.database,
      r.route,
      r.reqPerSec.toFixed(0),
      r.ofHelloWorld === undefined ? '-' : `${(r.ofHelloWorld * 100).toFixed(1)}%`,
      r.cpuMsPerRequest.toFixed(3),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      String(r.ok),
      String(r.non2xx),
      String(r.errors),
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(table[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table.slice(1)) console.log(line(row));
}

console.log(
  `API benchmark: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per route, Node ${process.version}`,
);
const rows: Measured[] = [];
for (const target of targets()) rows.push(...(await benchTarget(target)));
console.log();
printTable(rows);
console.log();
console.log(
  'Latencies are of 2xx answers; p95 is computed from every recorded latency (autocannon itself reports p97.5).',
);
console.log(
  `"of hello" is req/s as a share of the ${HELLO_WORLD} measured just before that route, in the same run.`,
);
console.log(
  '"cpu ms/req" is the server process\'s CPU time (the server, its PGlite worker, its request log; not the load generator) per request: steadier than req/s on a busy machine.',
);
console.log(
  'Resume lookups run with their minimum answer time and rate limits off, to measure the server, not the throttle.',
);
loadGenerator?.kill();
logSink.stdin.end();
await new Promise((resolve) => logSink.once('close', resolve));
notes.push(`the request log (as npm start writes it) came to ${loggedBytes.trim()} bytes, piped to wc -c.`);
for (const note of notes) console.log(`- ${note}`);
if (failures.length) {
  console.error();
  console.error('!'.repeat(78));
  console.error(`BENCH FAILED: ${failures.length} route run(s) did not answer 2xx every time`);
  for (const failure of failures) console.error(`  ✗ ${failure}`);
  console.error('!'.repeat(78));
  process.exitCode = 1;
}
