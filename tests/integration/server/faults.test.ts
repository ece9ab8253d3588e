import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRY_AGAIN_MESSAGE } from '../../../src/server/lib/dependencyUnavailable.ts';
import { DEFAULT_WRITE_LIMITS } from '../../../src/server/lib/writeLimits.ts';
import { createApplication, createBody } from '../api/applicationsFixtures.ts';
import { QUOTES, quoteBody } from '../api/quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from '../api/testApp.ts';

/*
 * Issue 19.7, fault injection: this test starts a Redis and a PostgreSQL of its own (never the
 * machine's), stops the one and freezes the other (SIGSTOP on every PostgreSQL process) while
 * the server runs, and checks that requests fail fast with a 503 in a person's words, that
 * what does not need the missing dependency goes on, that /healthz/ready names what is down
 * while /healthz/live stays up, and that everything recovers once the dependency is back.
 * How long each answer and each recovery took is printed, not asserted (tests never assert
 * wall-clock times): a hang would fail the test by its timeout instead.
 */
const POSTGRES_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  return version ? join(root, version, 'bin') : undefined;
})();
const canRun = Boolean(POSTGRES_BIN && existsSync('/usr/bin/redis-server')) && DATABASES.length > 1;
// CI (TEST_DATABASE_URL set) has PostgreSQL and Redis installed: there, a missing one fails the
// run instead of skipping the test quietly.
if (process.env.TEST_DATABASE_URL && !canRun) {
  throw new Error('faults.test.ts needs the PostgreSQL server programs and redis-server installed');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, probe: () => Promise<boolean>, attempts = 100): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < attempts; i += 1) {
    if (await probe().catch(() => false)) return Math.round(performance.now() - started);
    await sleep(100);
  }
  throw new Error(`${what} did not happen`);
}

/**
 * PostgreSQL refuses to run as root: as root, its programs run as the postgres user (spawned
 * with that uid, not through runuser, which would stop itself when PostgreSQL is frozen).
 */
const POSTGRES_USER = (() => {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
})();

class OwnPostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'bimaflow-faults-pg-'));
  process?: ChildProcess;
  constructor(readonly port: number) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start() {
    if (POSTGRES_USER.uid !== undefined) chownSync(this.dir, POSTGRES_USER.uid, POSTGRES_USER.gid!);
    execFileSync(
      join(POSTGRES_BIN!, 'initdb'),
      ['-D', join(this.dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync'],
      { stdio: 'ignore', ...POSTGRES_USER },
    );
    const args = [
      '-D',
      join(this.dir, 'data'),
      '-p',
      String(this.port),
      '-k',
      this.dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
    ];
    this.process = spawn(join(POSTGRES_BIN!, 'postgres'), args, { stdio: 'ignore', ...POSTGRES_USER });
    await until('PostgreSQL started', async () => {
      const client = new pg.Client({ connectionString: this.url });
      await client.connect();
      await client.end();
      return true;
    });
  }

  /** Every process of this cluster: the postmaster and its children. */
  private pids(): number[] {
    const postmaster = Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  }

  freeze() {
    for (const pid of this.pids()) process.kill(pid, 'SIGSTOP');
  }

  thaw() {
    for (const pid of this.pids()) process.kill(pid, 'SIGCONT');
  }

  async stop() {
    const child = this.process;
    try {
      this.thaw();
      // Fast shutdown: the postmaster ends every session and exits.
      process.kill(this.pids()[0]!, 'SIGINT');
    } catch {
      // not running
    }
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

class OwnRedis {
  process?: ChildProcess;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    this.process = spawn(
      '/usr/bin/redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await until('Redis started', async () => {
      const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.ping()) === 'PONG';
      } finally {
        client.disconnect();
      }
    });
  }

  async stop() {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

describe.skipIf(!canRun)('outages of a Redis and a PostgreSQL this test starts', () => {
  let redis: OwnRedis;
  let postgres: OwnPostgres;
  let api: TestApi;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    postgres = new OwnPostgres(await freePort());
    await Promise.all([redis.start(), postgres.start()]);
    const kind = DATABASES.find((each) => each.name === 'postgres')!;
    api = await createTestApi(kind, {
      databaseUrl: postgres.url,
      // The cluster is this test's own and thrown away: no schema of its own to drop.
      databaseSchema: undefined,
      redisUrl: redis.url,
      redisKeyPrefix: 'faults:',
      databaseTimeoutMs: 1000,
      redisCommandTimeoutMs: 300,
      readyCheckTimeoutMs: 500,
      resumeMinimumAnswerMs: 0,
      writeRateLimits: DEFAULT_WRITE_LIMITS,
    });
  }, 120_000);

  afterAll(async () => {
    console.log('fault injection timings (ms):', timings);
    await api?.close();
    await redis?.stop();
    await postgres?.stop();
  }, 60_000);

  const resume = (applicationNumber: string) =>
    api.post('/buyonlineoauth/retrieve-data', { applicationNumber, retrieve: 'appnumber', productId: 'T54' });
  const ready = () => api.app.inject({ method: 'GET', url: '/healthz/ready' });
  const live = () => api.app.inject({ method: 'GET', url: '/healthz/live' });
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[name] = Math.round(performance.now() - started);
    }
  };

  it('Redis stopped: resume answers 503 at once, quotes go on, ready names the store; all back when it returns', async () => {
    const created = await createApplication(api);
    expect((await ready()).statusCode).toBe(200);
    await redis.stop();

    const refused = await timed('resume with Redis stopped', () => resume(created.applicationNo));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ status: 'Failed', statusCode: 503, message: TRY_AGAIN_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Writes are still limited, per instance, while the shared store is away.
    const quote = await timed('quote with Redis stopped', () => api.post(QUOTES, quoteBody()));
    expect(quote.statusCode, quote.body).toBe(200);
    const readiness = await ready();
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toMatchObject({ checks: { database: 'ok', rateLimits: 'down' } });
    expect((await live()).statusCode).toBe(200);

    await redis.start();
    timings['resume recovered after Redis restart'] = await until(
      'resume to answer again',
      async () => (await resume(created.applicationNo)).statusCode !== 503,
    );
    expect((await resume(created.applicationNo)).statusCode).not.toBe(503);
    expect((await ready()).statusCode).toBe(200);
  }, 60_000);

  it('PostgreSQL frozen: requests answer 503 within the database timeout, ready names it; all back when it thaws', async () => {
    postgres.freeze();
    try {
      const refused = await timed('create with PostgreSQL frozen', () =>
        api.post('/buyonlineoauth/applications/create', createBody()),
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ message: TRY_AGAIN_MESSAGE });
      const readiness = await ready();
      expect(readiness.statusCode).toBe(503);
      expect(readiness.json()).toMatchObject({ checks: { database: 'down', rateLimits: 'ok' } });
      expect((await live()).statusCode).toBe(200);
    } finally {
      postgres.thaw();
    }
    timings['create recovered after thaw'] = await until(
      'create to succeed again',
      async () => (await api.post('/buyonlineoauth/applications/create', createBody())).statusCode === 200,
    );
    expect((await ready()).statusCode).toBe(200);
  }, 60_000);
});
