// The embedded database's own thread (see pgliteDb.ts): PGlite's WebAssembly Postgres runs
// here, so parsing, planning and executing SQL never block the thread that answers HTTP.
// Run as a process of its own instead (`node pgliteWorker.mjs <dataDir> <settings as JSON>`),
// it creates a new data directory (initdb) and exits, giving all that took back to the system.
// Plain ESM with no TypeScript, so it starts the same under tsx, vitest and plain Node.
import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// Postgres's WebAssembly is compiled by V8's baseline compiler (Liftoff) alone, never
// re-optimised by TurboFan: those optimising compiles leave some 40-50 MB behind in the
// process, and Postgres's time per statement here goes to copying, I/O and the protocol, not
// to wasm code that TurboFan would make faster (measured on inserts like a quote's: the same
// CPU time per statement either way).
// Set before PGlite compiles its module; the flag is the process's, so any WebAssembly
// compiled later (undici's HTTP parser for fetch) is compiled the same way, which is harmless.
setFlagsFromString('--liftoff-only');

const { dataDir, settings = {} } = parentPort
  ? (workerData ?? {})
  : { dataDir: process.argv[2], settings: JSON.parse(process.argv[3] ?? '{}') };
if (dataDir) mkdirSync(dataDir, { recursive: true });

/**
 * PGlite's own start parameters (single-user mode and its other fixed choices) followed by
 * the settings pgliteDb.ts chose (`-c name=value`, as on a postgres command line): read at
 * start, so they hold from the first statement on. PGlite's defaults are kept whole: its
 * `postgresqlconf` option would replace the postgresql.conf initdb wrote instead.
 */
function startParams() {
  const defaults = PGlite.defaultStartParams;
  if (!Array.isArray(defaults) || !defaults.includes('--single')) {
    throw new Error("this PGlite has no defaultStartParams to add the server's settings to");
  }
  return [...defaults, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/** Open transactions by id: the transaction's queryable and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

const ROLLBACK = Symbol('rollback');

/** Everything of a database error the server reads (code, detail, constraint...), as plain data. */
function errorData(error) {
  const data = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
      data[key] = value;
    }
  }
  return data;
}

function answer(id, result) {
  parentPort.postMessage({ id, ok: true, ...result });
}

function fail(id, error) {
  parentPort.postMessage({ id, ok: false, error: errorData(error) });
}

function target(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

function begin(id) {
  const txId = nextTransaction++;
  let began = false;
  pg.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        transactions.set(txId, { tx, resolve, reject, endId: undefined });
        began = true;
        answer(id, { tx: txId });
      }),
  ).then(
    () => {
      const open = transactions.get(txId);
      transactions.delete(txId);
      answer(open.endId, {});
    },
    (error) => {
      const open = transactions.get(txId);
      transactions.delete(txId);
      if (!began) fail(id, error);
      else if (error === ROLLBACK) answer(open.endId, {});
      else fail(open.endId, error);
    },
  );
}

function end(id, tx, commit) {
  const open = transactions.get(tx);
  if (!open) return fail(id, new Error(`transaction ${tx} is not open`));
  open.endId = id;
  if (commit) open.resolve();
  else open.reject(ROLLBACK);
}

/** This thread's memory: Postgres's WebAssembly heap and the thread's own JavaScript heap. */
function memory() {
  const { heapUsed, heapTotal, external } = process.memoryUsage();
  return {
    wasmHeapBytes: pg?.mod?.HEAPU8?.byteLength ?? 0,
    jsHeapUsedBytes: heapUsed,
    jsHeapTotalBytes: heapTotal,
    externalBytes: external,
  };
}

let pg;
if (!parentPort) {
  // The data directory's creation: initdb runs in two more WebAssembly instances besides the
  // database's own, which a process keeps after they are done; this one ends right after.
  // An error goes to stderr and the exit code, which pgliteDb.ts reports.
  pg = await PGlite.create(dataDir, { startParams: startParams() });
  await pg.close();
  process.exit(0);
}

try {
  pg = await PGlite.create(dataDir, { startParams: startParams() });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: errorData(error) });
}

parentPort.on('message', async (message) => {
  const { id, op, tx } = message;
  try {
    switch (op) {
      case 'query': {
        const result = await target(tx).query(message.sql, message.params);
        return answer(id, { rows: result.rows });
      }
      case 'exec':
        await target(tx).exec(message.sql);
        return answer(id, {});
      case 'begin':
        return begin(id);
      case 'commit':
      case 'rollback':
        return end(id, tx, op === 'commit');
      case 'memory':
        return answer(id, { memory: memory() });
      case 'close':
        await pg.close();
        return answer(id, {});
      default:
        throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    fail(id, error);
  }
});
