// The embedded database's own thread (see pgliteDb.ts): PGlite's WebAssembly Postgres runs
// here, so parsing, planning and executing SQL never block the thread that answers HTTP.
// Plain ESM with no TypeScript, so it starts the same under tsx, vitest and plain Node.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir } = workerData ?? {};
if (dataDir) mkdirSync(dataDir, { recursive: true });

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

let pg;
try {
  pg = await PGlite.create(dataDir);
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
