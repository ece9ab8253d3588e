import { getHeapSpaceStatistics } from 'node:v8';
import { build, requestWithoutQuery } from './app.ts';

/** Entry point of `npm start`: listens on HOST:PORT and closes gracefully on SIGINT/SIGTERM. */
const CLOSE_TIMEOUT_MS = 10_000;

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a TCP port number, got "${process.env.PORT}"`);
  process.exit(1);
}

// Request lines are logged without their query string: a resume link's key travels there
// (src/server/api/applications/resumeLinks.ts), and logs are read by more people than the owner.
const app = await build({ logger: { serializers: { req: requestWithoutQuery } } });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C reaches both `npm start` and this process; one close is enough.
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const forceExit = setTimeout(() => {
      app.log.error(`did not close within ${CLOSE_TIMEOUT_MS} ms, exiting`);
      process.exit(1);
    }, CLOSE_TIMEOUT_MS);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  });
}

// `kill -USR2 <pid>` logs where the process's memory is: its resident size and heap, and the
// embedded database's thread (PGlite's WebAssembly heap, that thread's own heap). bench/memory.ts reads it.
process.on('SIGUSR2', () => {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  // Each V8 heap space's committed bytes: which one grew (young generation, old, large objects).
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
  );
  Promise.resolve(app.db.memory?.())
    .catch(() => undefined)
    .then((database) =>
      app.log.info({ memory: { rss, heapUsed, heapTotal, external, spaces, database } }, 'memory report'),
    );
});

try {
  await app.listen({ port, host });
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  process.exit(1);
}

const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
app.log.info(`bimaflow is ready at http://${shownHost}:${actualPort}/`);
