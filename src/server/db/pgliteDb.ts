import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from './Db.ts';

/** What the worker (pgliteWorker.mjs) answers a request. */
type WorkerAnswer =
  | { id: number; ok: true; rows?: unknown[]; tx?: number }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

type Operation =
  | { op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'close' };

/** A database error from the worker, with its fields (SQLSTATE `code`, `detail`, ...) as PGlite gave them. */
function asError(data: Record<string, unknown> & { message: string }): Error {
  const error = new Error(data.message);
  Object.assign(error, data);
  return error;
}

/**
 * PGlite: real Postgres, persisted under `dataDir` (or in memory when omitted), running in a
 * worker thread of its own (pgliteWorker.mjs) so that its WebAssembly work never holds up the
 * thread answering requests. Same SQL and the same interface as the PostgreSQL pool; a
 * transaction holds PGlite's single connection until it ends, as it would in-process.
 */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: { dataDir },
    // The worker is plain JavaScript: it needs none of the parent's loaders or flags.
    execArgv: [],
  });
  const pending = new Map<
    number,
    { resolve(answer: WorkerAnswer & { ok: true }): void; reject(e: Error): void }
  >();
  let nextId = 1;
  let failure: Error | undefined;

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
    async close() {
      if (failure) return;
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
}
