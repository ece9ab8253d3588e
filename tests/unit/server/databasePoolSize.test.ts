import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../src/server/config.ts';

describe('DATABASE_POOL_SIZE', () => {
  it('sizes the PostgreSQL pool when set, and leaves the default otherwise', () => {
    expect(configFromEnv({ DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    expect(configFromEnv({}).databasePoolSize).toBeUndefined();
    expect(configFromEnv({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBeUndefined();
  });

  it.each(['0', '-3', '2.5', 'ten'])('refuses %s', (value) => {
    expect(() => configFromEnv({ DATABASE_POOL_SIZE: value })).toThrow(
      `DATABASE_POOL_SIZE must be a positive integer, got "${value}"`,
    );
  });
});
