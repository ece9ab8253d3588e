import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db, DbMemory, Queryable } from './Db.ts';

/** What the worker (pgliteWorker.mjs) answers a request. */
type WorkerAnswer =
  | { id: number; ok: true; rows?: unknown[]; tx?: number; memory?: DbMemory }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

type Operation =
  | { op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'memory' }
  | { op: 'close' };

/** A database error from the worker, with its fields (SQLSTATE `code`, `detail`, ...) as PGlite gave them. */
function asError(data: Record<string, unknown> & { message: string }): Error {
  const error = new Error(data.message);
  Object.assign(error, data);
  return error;
}

/**
 * Postgres settings of the embedded database, given at start (issue 21: a server on PGlite
 * within 300 MB). PGlite's WebAssembly heap only grows: whatever Postgres touches once (its
 * shared buffers as they fill, a sort's or an index build's work memory) stays resident for the
 * life of the process. So the buffer pool is sized for this product's working set (pincode
 * index, recent applications and quotes) rather than PGlite's 128 MB, and the per-operation
 * allowances are capped; pages outside the pool are read back from the data files, which the
 * operating system caches (and can give back) as it does for a PostgreSQL server.
 * Durability is as it was: a commit's WAL is written to the data directory before the commit is
 * answered (synchronous_commit stays on). PGlite itself starts Postgres with fsync off, as it
 * always has here: a crash of the server loses nothing it acknowledged; a power cut may lose what
 * the operating system had not yet written to disk.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  // Sized from shared_buffers when unset (1/32): stated so a change of the pool cannot grow it.
  wal_buffers: '512kB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '4MB',
} as const satisfies Record<string, string>;

const WORKER = new URL('./pgliteWorker.mjs', import.meta.url);

/**
 * The database thread's JavaScript heap: it only passes statements and rows between the server
 * and Postgres, so a small young generation (collected more often, each time in well under a
 * millisecond) is enough, rather than V8's default of up to 48 MB (three 16 MB semi-spaces).
 * Its old generation is bounded by the process's `--max-old-space-size`, which `npm start` sets
 * (tools/serverProcess.mjs) and which overrides a worker's own old-generation limit.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 12 };

/**
 * Creates a new data directory in a process of its own (pgliteWorker.mjs run as a script):
 * initdb's instances take some 650 MB for a few seconds, which a process that stays up keeps.
 */
async function createDataDir(dataDir: string, settings: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [fileURLToPath(WORKER), dataDir, JSON.stringify(settings)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    throw new Error(
      `PGlite could not create its data directory ${dataDir} (exit code ${code}): ${stderr.trim()}`,
    );
  }
}

/** A PGlite worker that has opened its database, or the database's error (the thread ended). */
async function startWorker(dataDir: string | undefined, settings: Record<string, string>): Promise<Worker> {
  const worker = new Worker(WORKER, {
    workerData: { dataDir, settings },
    // The worker is plain JavaScript: it needs none of the parent's loaders or flags.
    execArgv: [],
    resourceLimits: WORKER_LIMITS,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const onStart = (message: {
        ready?: boolean;
        error?: Record<string, unknown> & { message: string };
      }) => {
        worker.off('error', reject);
        if (message.ready) resolve();
        else reject(asError(message.error ?? { message: 'PGlite did not start' }));
      };
      worker.once('message', onStart);
      worker.once('error', reject);
    });
  } catch (error) {
    // A database that cannot start (a locked or damaged ./data) must not leave its thread behind.
    await worker.terminate();
    throw error;
  }
  return worker;
}

/**
 * PGlite: real Postgres, persisted under `dataDir` (or in memory when omitted), running in a
 * worker thread of its own (pgliteWorker.mjs) so that its WebAssembly work never holds up the
 * thread answering requests. Same SQL and the same interface as the PostgreSQL pool; a
 * transaction holds PGlite's single connection until it ends, as it would in-process.
 *
 * A new data directory is created first by a short-lived process (createDataDir); an in-memory
 * database, which has nowhere to keep what another process made, is created in its thread.
 */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const settings: Record<string, string> = { ...PGLITE_SETTINGS };
  if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await createDataDir(dataDir, settings);
  const worker = await startWorker(dataDir, settings);
  const pending = new Map<
    number,
    { resolve(answer: WorkerAnswer & { ok: true }): void; reject(e: Error): void }
  >();
  let nextId = 1;
  let failure: Error | undefined;

  const settleAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (answer: WorkerAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer);
    else waiting.reject(asError(answer.error));
  });
  worker.on('error', settleAll);
  worker.on('exit', (code) => settleAll(new Error(`the PGlite worker stopped (exit code ${code})`)));

  const send = (operation: Operation) =>
    new Promise<WorkerAnswer & { ok: true }>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...operation });
    });

  const queryable = (tx?: number): Queryable => ({
    async query(sql, params) {
      const answer = await send({ op: 'query', sql, params: params as unknown[] | undefined, tx });
      return { rows: (answer.rows ?? []) as never[] };
    },
    async exec(sql) {
      await send({ op: 'exec', sql, tx });
    },
  });
  const base = queryable();

  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const { tx } = await send({ op: 'begin' });
      let result;
      try {
        result = await work(queryable(tx!));
      } catch (error) {
        await send({ op: 'rollback', tx: tx! }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'commit', tx: tx! });
      return result;
    },
    async memory() {
      return (await send({ op: 'memory' })).memory!;
    },
    async close() {
      if (failure) return;
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
}
