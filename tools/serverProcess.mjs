// How `npm start` runs the server (tools/start.mjs), shared with bench/memory.ts so the bench
// measures the process as it is started. Plain Node ESM with no dependencies.

/**
 * V8's ceiling for the JS heaps' old generation, in MB. It is process-wide: it applies to the
 * main thread and to every worker thread (a worker's `resourceLimits.maxOldGenerationSizeMb`
 * gives way to it; the PGlite worker's young-generation limit still holds).
 *
 * Why (issue 21, npm run bench:memory): V8 lets a heap grow between two full collections by a
 * factor of what survived the last one, and caps that factor by this ceiling: 4x when it is
 * 2 GB or more (the default here is about 4 GB, from the machine's memory), scaled down to 1.3x
 * at 256 MB. The server keeps some 35-45 MB alive on its main thread and 11 MB on the database's
 * thread, and heap snapshots before and after 10,000 quotes show no growth of live objects; but
 * the heaps filled with garbage to ~100 MB and ~50 MB before V8 collected it, and that stayed
 * resident: 297-322 MB idle, 331-380 MB after the quotes. At 512 MB the factor is 1.4x: the
 * same quotes leave the main heap at ~90 MB and the worker's at ~22-26 MB reserved, for a few
 * more full collections (main thread 3 -> 7, worker 15 -> 38 in 10,000 quotes, their pauses some
 * 0.01 ms a quote; bench:api's server CPU a quote was no higher: 1.36-1.38 ms against 1.52-1.73
 * without). 512 MB is over ten times what the server keeps alive. With both bounds here, PGlite
 * measured 264-274 MB idle and 273-295 MB after the quotes.
 */
export const OLD_SPACE_MB = 512;

/**
 * glibc's number of malloc arenas (default 8 a core): a thread that allocates while another
 * holds an arena gets one of its own, and each arena keeps its own high-water mark. The server
 * has a dozen threads (V8's platform and GC threads, libuv's pool, the PGlite worker), which left
 * some 20-25 MB resident in half a dozen small arenas after the quotes; with two arenas (the main
 * thread's and one shared by the others) that is gone. Other C libraries ignore the variable.
 */
export const MALLOC_ARENAS = '2';

/**
 * The server's node arguments before the script (`node <flags> --import tsx src/server/main.ts`).
 * An old-space size already given in NODE_OPTIONS (an operator's choice) is left to it.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
export function serverNodeFlags(env = process.env) {
  return /--max[-_]old[-_]space[-_]size\b/.test(env.NODE_OPTIONS ?? '')
    ? []
    : [`--max-old-space-size=${OLD_SPACE_MB}`];
}

/**
 * The server's environment: `env` with MALLOC_ARENA_MAX unless it already names one.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || MALLOC_ARENAS };
}

/** The arguments after `node`'s own flags: TypeScript through tsx, the server's entry point. */
export const SERVER_ENTRY = ['--import', 'tsx', 'src/server/main.ts'];
