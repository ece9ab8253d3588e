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
