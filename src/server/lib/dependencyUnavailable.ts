/**
 * A dependency (the database, the shared rate-limit store) did not answer in time or could
 * not be reached. The errors plugin answers it with a fast 503 in a person's words and a
 * Retry-After, never a 500 and never a hang: nothing was changed, so trying again is safe.
 */
export class DependencyUnavailable extends Error {
  readonly dependency: 'database' | 'rateLimits';

  constructor(dependency: 'database' | 'rateLimits', cause: unknown) {
    super(`${dependency} unavailable`, { cause });
    this.name = 'DependencyUnavailable';
    this.dependency = dependency;
  }
}

export const TRY_AGAIN_MESSAGE = 'Please try again in a minute.';

/** Seconds a client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * Whether a database error means the database is out of reach rather than that the query was
 * wrong: a timeout, a refused or lost connection, or PostgreSQL's connection-exception (08),
 * operator-intervention (57: shutting down, cannot connect now) and insufficient-resources (53) classes.
 */
export function isDatabaseOutage(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^(08|57|53)[0-9A-Z]{3}$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code))
      return true;
  }
  return (
    typeof message === 'string' &&
    /Query read timeout|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Connection terminated unexpectedly/i.test(
      message,
    )
  );
}
