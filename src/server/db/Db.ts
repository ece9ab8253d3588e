/**
 * The one database interface the server uses: PGlite (embedded, files under ./data) by
 * default, PostgreSQL through a `pg` pool when DATABASE_URL is set. Same SQL either way.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** What the embedded database holds in memory, as its own thread sees it (`Db.memory`). */
export interface DbMemory {
  /** Size of PGlite's WebAssembly linear memory: Postgres's heap and shared buffers. It only grows. */
  wasmHeapBytes: number;
  /** The database thread's own JavaScript heap (used and reserved) and its external memory. */
  jsHeapUsedBytes: number;
  jsHeapTotalBytes: number;
  externalBytes: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded database's memory (PGlite only; a PostgreSQL server's is its own). */
  memory?(): Promise<DbMemory>;
}
