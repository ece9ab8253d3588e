import { DEFAULT_SCHEMAS_ROOT } from '../src/plans/nodePlanSource.ts';
import { buildStudio } from '../src/studio/studioServer.ts';

/*
 * npm run studio — the plan studio (issue 22) on the working tree's schemas/: STUDIO_PORT
 * (default 4300), bound to 127.0.0.1 unless STUDIO_HOST says otherwise. An analyst's tool,
 * never part of the visitor's server or bundle.
 */
const port = Number(process.env.STUDIO_PORT ?? 4300);
const host = process.env.STUDIO_HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`studio: STUDIO_PORT must be a port number, not '${process.env.STUDIO_PORT}'`);
  process.exit(1);
}
const app = buildStudio({ root: process.env.STUDIO_SCHEMAS ?? DEFAULT_SCHEMAS_ROOT, logger: true });
await app.listen({ port, host });
console.log(`The plan studio is at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/studio/`);
