import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  MALLOC_ARENAS,
  OLD_SPACE_MB,
  SERVER_ENTRY,
  serverEnv,
  serverNodeFlags,
} from '../../../tools/serverProcess.mjs';

describe('the server process npm start spawns', () => {
  it('bounds the old generation of the JS heaps', () => {
    expect(serverNodeFlags({})).toEqual([`--max-old-space-size=${OLD_SPACE_MB}`]);
    // Above what the server keeps alive (tens of MB), below V8's 2 GB where heaps may grow 4x their live size.
    expect(OLD_SPACE_MB).toBeGreaterThanOrEqual(256);
    expect(OLD_SPACE_MB).toBeLessThan(2048);
  });

  it('bounds a worker thread too, whatever its own resource limits say (the PGlite worker)', () => {
    // The worker asks for far more than the flag; V8's flags are the process's and win.
    const script = `
      const { Worker } = require('node:worker_threads');
      const worker = new Worker(
        "require('node:worker_threads').parentPort.postMessage(require('node:v8').getHeapStatistics().heap_size_limit)",
        { eval: true, resourceLimits: { maxOldGenerationSizeMb: 4096, maxYoungGenerationSizeMb: 12 } },
      );
      worker.once('message', (limit) => { console.log(limit); worker.terminate(); });`;
    const run = spawnSync(process.execPath, [...serverNodeFlags({}), '-e', script], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const limitMb = Number(run.stdout.trim()) / 2 ** 20;
    // The old generation's ceiling plus the (small) young generation's.
    expect(limitMb).toBeGreaterThanOrEqual(OLD_SPACE_MB);
    expect(limitMb).toBeLessThan(OLD_SPACE_MB + 64);
  });

  it("leaves an operator's old-space size in NODE_OPTIONS to it", () => {
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=2048' })).toEqual([]);
    expect(serverNodeFlags({ NODE_OPTIONS: '--enable-source-maps' })).toHaveLength(1);
  });

  it('limits malloc arenas unless the environment names a number', () => {
    expect(serverEnv({ PORT: '8080' })).toEqual({ PORT: '8080', MALLOC_ARENA_MAX: MALLOC_ARENAS });
    expect(serverEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });

  it('runs the TypeScript entry point', () => {
    expect(SERVER_ENTRY.at(-1)).toBe('src/server/main.ts');
  });
});
