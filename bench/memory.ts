import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { configFromEnv } from '../src/server/config.ts';
import type { DbMemory } from '../src/server/db/Db.ts';
import { createPostgresDb } from '../src/server/db/postgresDb.ts';
import { createNodeEnvelope } from '../src/shared/envelope/nodeEnvelope.ts';
import { BENCH_ROUTES, type Answer, type BenchContext } from './apiRoutes.ts';
import { table } from './lib/table.ts';
import { SERVER_ENTRY, serverEnv, serverNodeFlags } from '../tools/serverProcess.mjs';

/*
 * npm run bench:memory (issue 21) — the server's memory as `npm start` runs it: its own process
 * (`node <flags> --import tsx src/server/main.ts` with the flags and environment of
 * tools/serverProcess.mjs, as tools/start.mjs spawns it; the SPA build is not this bench's concern), on the embedded PGlite in a fresh data directory under a temporary
 * folder, and beside it in the same run on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL, a
 * schema of its own, dropped afterwards) as the reference. Each is read:
 *
 * - idle after a fresh start (migrations and the pincode master seeded, then BENCH_SETTLE_MS quiet);
 * - after BENCH_QUOTES (10,000) quotes, POST /proposal_service/v1/quotes as the plan-details step
 *   sends it (bench/apiRoutes.ts's quote bodies, one token, one application's capability), driven
 *   by autocannon from this process over BENCH_CONNECTIONS (10) connections, BENCH_SETTLE_MS (3 s)
 *   after the last, and again BENCH_QUIET_MS (30 s) after it;
 * - idle after a restart on the same data (pincodes already there, no initdb).
 *
 * The server process's CPU time (all its threads, /proc/<pid>/stat) while the quotes run, divided
 * by the quotes: what memory settings cost in work a quote.
 *
 * Figures: the server process's resident memory (/proc/<pid>/status VmRSS) and its peak so far
 * (VmHWM), and from the server's own memory report (SIGUSR2, src/server/main.ts) the main
 * thread's JS heap and, on PGlite, its worker's share: the WebAssembly heap Postgres runs in
 * (its size, and how much of it is resident, read off /proc/<pid>/smaps) and the worker's JS heap.
 * Memory figures depend on the machine; the bound is 300 MB on PGlite, idle and after the quotes.
 */

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const QUOTES = Number(process.env.BENCH_QUOTES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Quiet time before an idle reading (ms): startup's garbage collected, timers settled. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
/** A longer quiet time after the quotes (ms), for a second reading once V8 has had time to shrink its heap. */
const QUIET_MS = Number(process.env.BENCH_QUIET_MS ?? 30_000);
const START_TIMEOUT_MS = 180_000;
const BOUND_MB = 300;
const QUOTES_PATH = '/proposal_service/v1/quotes';
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
/** BENCH_NODE_FLAGS: Node or V8 flags to try on the server (e.g. --max-semi-space-size=4), space-separated. */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One reading of the server process. */
interface Reading {
  rss: number;
  peak: number;
  mainHeap?: { used: number; total: number; spaces: Record<string, number> };
  database?: DbMemory;
  /** Resident part of the WebAssembly heap's mapping. */
  wasmResident?: number;
}

interface Figures {
  startMs: number;
  idle: Reading;
  quotesPerSecond: number;
  quoteFailures: number;
  /** The server's CPU time (user + system, all threads) while the quotes ran, a quote (ms). */
  cpuMsPerQuote: number;
  afterQuotes: Reading;
  afterQuotesQuiet: Reading;
  /** Highest resident size sampled while the quotes ran. */
  loadPeak: number;
  restartMs: number;
  restartIdle: Reading;
}

type LogLine = Record<string, unknown> & { msg?: string };

/** The server in its own process, with its log read line by line. */
class Server {
  readonly child: ChildProcess;
  private listeners = new Set<(line: LogLine) => void>();
  private stderr = '';
  readonly exited: Promise<void>;

  constructor(env: Record<string, string>) {
    // As tools/start.mjs runs it; NODE_ENV as a shell has it (a production NODE_ENV asks for a payment gateway).
    const { NODE_ENV: _nodeEnv, ...inherited } = process.env;
    // tools/start.mjs's flags and environment (tools/serverProcess.mjs), then BENCH_NODE_FLAGS (later flags win).
    this.child = spawn(process.execPath, [...serverNodeFlags(), ...NODE_FLAGS, ...SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: serverEnv({ ...inherited, ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    createInterface({ input: this.child.stdout! }).on('line', (text) => {
      if (!text.startsWith('{')) return;
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(line);
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk).slice(-4000)));
  }

  /** The first log line `match` accepts from now on. */
  next(match: (line: LogLine) => boolean, timeoutMs: number, what: string): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`no ${what} within ${timeoutMs} ms\n${this.stderr}`));
      }, timeoutMs);
      const listener = (line: LogLine) => {
        if (!match(line)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(line);
      };
      this.listeners.add(listener);
      void this.exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${this.child.exitCode}) before ${what}\n${this.stderr}`));
      });
    });
  }

  /** Waits for 'bimaflow is ready at http://...:PORT/' and answers the base URL. */
  async ready(): Promise<string> {
    const line = await this.next(
      (l) => typeof l.msg === 'string' && l.msg.startsWith('bimaflow is ready at '),
      START_TIMEOUT_MS,
      'ready line',
    );
    const port = /:(\d+)\/$/.exec(String(line.msg))?.[1];
    return `http://127.0.0.1:${port}`;
  }

  async read(): Promise<Reading> {
    const pid = this.child.pid!;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    const reading: Reading = { rss: kb('VmRSS'), peak: kb('VmHWM') };
    const report = this.next((l) => l.msg === 'memory report', 10_000, 'memory report');
    this.child.kill('SIGUSR2');
    const memory = (await report).memory as {
      heapUsed: number;
      heapTotal: number;
      spaces: Record<string, number>;
      database?: DbMemory;
    };
    reading.mainHeap = { used: memory.heapUsed, total: memory.heapTotal, spaces: memory.spaces };
    reading.database = memory.database;
    if (memory.database?.wasmHeapBytes) {
      reading.wasmResident = mappingResident(pid, memory.database.wasmHeapBytes);
    }
    return reading;
  }

  async stop() {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      await this.exited;
    }
  }
}

/**
 * Resident bytes of the process's read-write mapping exactly `size` bytes long: V8 maps a
 * WebAssembly memory as one such region (between reserved guard regions) the size of the memory.
 */
function mappingResident(pid: number, size: number): number | undefined {
  let inMapping = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) rw/.exec(line);
    if (range) {
      inMapping = parseInt(range[2]!, 16) - parseInt(range[1]!, 16) === size;
      continue;
    }
    const rss = inMapping && /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) return Number(rss[1]) * 1024;
  }
  return undefined;
}

/** CPU time (ms) a process has used so far, user and system, all its threads: /proc/<pid>/stat in clock ticks (100 a second on Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
  return (Number(fields[11]) + Number(fields[12])) * 10;
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

/** Prices QUOTES quotes through the running server; the highest resident size seen meanwhile. */
async function quotes(server: Server, baseUrl: string) {
  const config = configFromEnv({});
  const envelope = createNodeEnvelope(config.envelopePassword);
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${await token(baseUrl, config.publicClientId)}`,
  };
  const context: BenchContext = {
    db: new Proxy({} as BenchContext['db'], {
      get() {
        throw new Error('the memory bench reaches the database only through the API');
      },
    }),
    connections: CONNECTIONS,
    async post(path, body, extra = {}, plain = false) {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: JSON.stringify(plain ? body : { data: envelope.seal(body) }),
      });
      const text = await res.text();
      let answer: unknown = text;
      try {
        answer = JSON.parse(text);
        const sealed = (answer as Record<string, unknown>)?.response;
        if (typeof sealed === 'string') answer = envelope.open(sealed);
      } catch {
        // kept as read
      }
      return { status: res.status, body: answer, headers: Object.fromEntries(res.headers) } satisfies Answer;
    },
  };
  const route = BENCH_ROUTES.find((r) => r.path === QUOTES_PATH);
  if (!route) throw new Error(`bench/apiRoutes.ts has no ${QUOTES_PATH} entry`);
  const load = await route.setup(context);
  if (load.kind !== 'fixed') throw new Error('the quote load is expected to be a fixed set of bodies');
  const probe = await context.post(QUOTES_PATH, load.bodies[0], load.headers, route.plain);
  if (probe.status !== 200) {
    throw new Error(`the quote probe answered ${probe.status}: ${JSON.stringify(probe.body).slice(0, 300)}`);
  }
  let loadPeak = 0;
  const cpuBefore = cpuMs(server.child.pid!);
  const sampler = setInterval(() => {
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    loadPeak = Math.max(loadPeak, Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024);
  }, 200);
  try {
    const started = performance.now();
    const result = await autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      amount: QUOTES - 1,
      requests: load.bodies.map((body) => ({
        method: 'POST' as const,
        path: QUOTES_PATH,
        headers: { ...headers, ...load.headers },
        body: JSON.stringify(body),
      })),
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      cpuMsPerQuote: (cpuMs(server.child.pid!) - cpuBefore) / (QUOTES - 1),
      quotesPerSecond: (result['2xx'] + 1) / seconds,
      quoteFailures: result.non2xx + result.errors + result.timeouts,
      loadPeak,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(env: Record<string, string>): Promise<Figures> {
  let started = performance.now();
  let server = new Server(env);
  try {
    const baseUrl = await server.ready();
    const startMs = performance.now() - started;
    await sleep(SETTLE_MS);
    const idle = await server.read();
    const load = await quotes(server, baseUrl);
    await sleep(SETTLE_MS);
    const afterQuotes = await server.read();
    await sleep(Math.max(0, QUIET_MS - SETTLE_MS));
    const afterQuotesQuiet = await server.read();
    await server.stop();

    started = performance.now();
    server = new Server(env);
    await server.ready();
    const restartMs = performance.now() - started;
    await sleep(SETTLE_MS);
    const restartIdle = await server.read();
    return { startMs, idle, ...load, afterQuotes, afterQuotesQuiet, restartMs, restartIdle };
  } finally {
    await server.stop();
  }
}

const mb = (bytes: number | undefined) =>
  bytes === undefined || Number.isNaN(bytes) ? '-' : `${(bytes / MB).toFixed(0)} MB`;

function rows(figures: Figures) {
  const reading = (label: string, r: Reading) => [
    [`${label}: resident (VmRSS)`, mb(r.rss)],
    [`${label}: peak so far (VmHWM)`, mb(r.peak)],
    [
      `${label}: main thread JS heap used / reserved`,
      r.mainHeap ? `${mb(r.mainHeap.used)} / ${mb(r.mainHeap.total)}` : '-',
    ],
    [
      `${label}: of it young generation / old / large objects`,
      r.mainHeap
        ? [r.mainHeap.spaces.new_space, r.mainHeap.spaces.old_space, r.mainHeap.spaces.large_object_space]
            .map(mb)
            .join(' / ')
        : '-',
    ],
    [
      `${label}: PGlite WebAssembly heap, resident / size`,
      r.database ? `${mb(r.wasmResident)} / ${mb(r.database.wasmHeapBytes)}` : '-',
    ],
    [
      `${label}: PGlite worker JS heap used / reserved`,
      r.database ? `${mb(r.database.jsHeapUsedBytes)} / ${mb(r.database.jsHeapTotalBytes)}` : '-',
    ],
  ];
  return [
    ['fresh start to ready', `${(figures.startMs / 1000).toFixed(1)} s`],
    ...reading('idle after start', figures.idle),
    [`${QUOTES} quotes: quotes/s (${CONNECTIONS} connections)`, figures.quotesPerSecond.toFixed(0)],
    [`${QUOTES} quotes: not 2xx`, String(figures.quoteFailures)],
    [`${QUOTES} quotes: server CPU time a quote`, `${figures.cpuMsPerQuote.toFixed(2)} ms`],
    [`${QUOTES} quotes: highest resident while quoting`, mb(figures.loadPeak)],
    ...reading(`after ${QUOTES} quotes`, figures.afterQuotes),
    ...reading(`${QUIET_MS / 1000} s after the quotes`, figures.afterQuotesQuiet),
    ['restart on the same data to ready', `${(figures.restartMs / 1000).toFixed(1)} s`],
    ...reading('idle after restart', figures.restartIdle),
  ];
}

async function main() {
  const columns: { name: string; figures: Figures }[] = [];
  const notes: string[] = [];
  const base = {
    PORT: '0',
    HOST: '127.0.0.1',
    WRITE_RATE_LIMITS: 'off',
    DATABASE_URL: '',
    DATABASE_SCHEMA: '',
  };

  if (DATABASES.includes('pglite')) {
    const folder = mkdtempSync(join(tmpdir(), 'bimaflow-memory-'));
    try {
      columns.push({ name: 'PGlite', figures: await measure({ ...base, DATA_DIR: join(folder, 'pglite') }) });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (DATABASES.includes('postgres') && databaseUrl) {
    const schema = `bench_memory_${randomBytes(4).toString('hex')}`;
    try {
      columns.push({
        name: 'PostgreSQL',
        figures: await measure({ ...base, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }),
      });
    } finally {
      const admin = await createPostgresDb(databaseUrl, { max: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => admin.close());
    }
  } else if (DATABASES.includes('postgres')) {
    notes.push('PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL to measure the reference.');
  }

  const perColumn = columns.map(({ figures }) => rows(figures));
  console.log(
    `Server memory (issue 21 bound: ${BOUND_MB} MB on PGlite, idle and after ${QUOTES} quotes), Node ${process.version}\n`,
  );
  console.log(
    table([
      ['figure', ...columns.map(({ name }) => name)],
      ...perColumn[0]!.map(([label], i) => [label!, ...perColumn.map((column) => column[i]![1]!)]),
    ]),
  );
  const pglite = columns.find(({ name }) => name === 'PGlite')?.figures;
  if (pglite) {
    for (const [label, reading] of [
      ['idle after start', pglite.idle],
      [`after ${QUOTES} quotes`, pglite.afterQuotes],
      [`${QUIET_MS / 1000} s after the quotes`, pglite.afterQuotesQuiet],
    ] as const) {
      notes.push(
        `PGlite ${label}: ${mb(reading.rss)} ${reading.rss <= BOUND_MB * MB ? 'within' : 'OVER'} the ${BOUND_MB} MB bound.`,
      );
    }
  }
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
  if (columns.some(({ figures }) => figures.quoteFailures > 0)) {
    console.error('Some quotes were not answered 2xx: the figures are not of the success path.');
    process.exitCode = 1;
  }
}

await main();
