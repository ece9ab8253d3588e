import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/Db.ts';
import { createDb } from '../../../src/server/db/createDb.ts';

/**
 * The embedded database runs in a worker thread (issue 10): what callers rely on must cross
 * the thread boundary unchanged — rows with their types, database errors with their SQLSTATE
 * (the errors plugin answers class 22 as a 400), and transactions that commit or roll back whole.
 */
describe('PGlite in its worker thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDb({ dataDir: 'memory' });
    await db.exec('CREATE TABLE worker_probe (id int PRIMARY KEY, doc jsonb, at timestamptz DEFAULT now())');
  }, 180_000);
  afterAll(() => db.close());

  it('answers rows with their types', async () => {
    await db.query('INSERT INTO worker_probe (id, doc) VALUES ($1, $2::jsonb)', [
      1,
      JSON.stringify({ a: [1] }),
    ]);
    const { rows } = await db.query<{ id: number; doc: unknown; at: Date }>(
      'SELECT id, doc, at FROM worker_probe WHERE id = $1',
      [1],
    );
    expect(rows[0]!.id).toBe(1);
    expect(rows[0]!.doc).toEqual({ a: [1] });
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it('keeps the SQLSTATE of a database error', async () => {
    await expect(db.query('SELECT $1::int', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    await expect(db.query('INSERT INTO worker_probe (id) VALUES (1)')).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('commits a transaction whole, and rolls one back whole when its work throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO worker_probe (id) VALUES ($1)', [2]);
      await tx.query('INSERT INTO worker_probe (id) VALUES ($1)', [3]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO worker_probe (id) VALUES ($1)', [4]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM worker_probe ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('makes a query outside a transaction wait for it, as one connection does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO worker_probe (id) VALUES ($1)', [5]);
      await held;
      order.push('committed');
    });
    const outside = db
      .query<{ n: number }>('SELECT count(*)::int AS n FROM worker_probe')
      .then(({ rows }) => {
        order.push('read');
        return rows[0]!.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toBe(4);
    expect(order).toEqual(['committed', 'read']);
  });
});
