import { access } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync } from 'node:zlib';
import { globalPlugin } from '../lib/globalPlugin.ts';
import { routeDocuments } from './routePreloads.ts';
import { httpErrorBody } from '../lib/httpErrorBody.ts';

export interface SpaOptions {
  /** Absolute path of the Vite build output (index.html plus assets/). */
  root: string;
}

/** Paths owned by the API: an unknown one is a JSON 404, never the SPA shell. */
export const API_PREFIXES = [
  '/buyonlineoauth',
  '/proposal_service',
  '/buyonline_pincodemaster',
  '/api_etermcrm_leadcreation_sf',
  '/healthz',
  '/desk/api',
];

/** Vite puts content-hashed files here, so they can be cached forever. */
const ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Pages built as bundles of their own into a folder of the build named as their path (the
 * chat page: vite.chat.config.ts, dist/app/chat, served at /chat/; the operations desk:
 * vite.desk.config.ts, dist/app/desk, at /desk/), each with its own index.html and assets/.
 */
export const SEPARATE_BUNDLES = ['chat', 'desk'];

/** The separate bundle a path belongs to, if any. */
function bundleOf(path: string): string | undefined {
  return SEPARATE_BUNDLES.find((name) => path === `/${name}` || path.startsWith(`/${name}/`));
}

/**
 * Serves the built SPA: hashed assets with a long immutable cache, index.html with
 * no-cache, and index.html again for any browser navigation to a history route
 * (e.g. `/retirement-plans/guaranteed-pension-plan/plan-details`). Everything else
 * that matches no route gets a JSON 404. Registered last, so API plugins win.
 */
export const spa = globalPlugin<SpaOptions>('spa', async (app, { root }) => {
  const indexFile = join(root, 'index.html');
  if (!(await exists(indexFile))) {
    app.log.warn(`The web app is not built (${indexFile} is missing): run "npm run build" or "npm start".`);
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    dotfiles: 'ignore',
    suppressWarning: true,
    // The build writes .br and .gz beside each file (tools/precompress.ts): sent as they are.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const served = relative(root, filePath);
      const isHashedAsset = [ASSETS_DIR, ...SEPARATE_BUNDLES.map((name) => join(name, ASSETS_DIR))].some(
        (dir) => served.startsWith(dir + sep),
      );
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : REVALIDATE);
    },
  });

  // Each plan page's shell with its modulepreloads (issue 21), made once from the build.
  const documentFor = routeDocuments(root);
  const brotli = new Map<string, Buffer>();

  app.setNotFoundHandler(async (request, reply) => {
    if (!isHistoryNavigation(request)) {
      return reply.code(404).send(httpErrorBody(404, `Route ${request.method}:${pathOf(request)} not found`));
    }
    // A plan's journey or proposal page: the shell naming the chunks that page needs.
    const document = bundleOf(pathOf(request)) ? undefined : documentFor(pathOf(request));
    if (document !== undefined) {
      reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', REVALIDATE);
      reply.header('vary', 'accept-encoding');
      if (!/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(document);
      let compressed = brotli.get(document);
      if (!compressed) brotli.set(document, (compressed = brotliCompressSync(document)));
      return reply.header('content-encoding', 'br').send(compressed);
    }
    // A page of a separate bundle (e.g. under /chat/) gets that bundle's shell.
    const bundle = bundleOf(pathOf(request));
    const shell = bundle ? join(bundle, 'index.html') : 'index.html';
    if (!(await exists(join(root, shell)))) {
      return notBuilt(reply);
    }
    return reply.code(200).sendFile(shell);
  });
});

/** A browser asking for a page (not an API call, not a missing asset). */
function isHistoryNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept;
  const path = pathOf(request);
  // Browsers ask for text/html; curl, link checkers and probes send */* or nothing and should
  // get the page too, but only for extension-less paths (a missing /logo.png stays a 404).
  const wantsPage =
    accept?.includes('text/html') || ((!accept || accept.includes('*/*')) && !/\.[a-z0-9]+$/i.test(path));
  if (!wantsPage) return false;
  const ownedElsewhere = [
    ...API_PREFIXES,
    `/${ASSETS_DIR}`,
    ...SEPARATE_BUNDLES.map((name) => `/${name}/${ASSETS_DIR}`),
  ];
  return !ownedElsewhere.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

function notBuilt(reply: FastifyReply) {
  return reply
    .code(503)
    .send(httpErrorBody(503, 'The web app has not been built yet. Run "npm run build" and reload.'));
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
