import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/**
 * A tiny static server for a built page (the stock rjsf reference), sending the brotli copy
 * written beside a file (tools/precompress.ts) when the browser accepts it, and caching as
 * the product's server does (src/server/plugins/spa.ts: @fastify/static `preCompressed`,
 * Vite's hashed files under assets/ immutable for a year, everything else revalidated).
 * Paths without a file get index.html.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  baseUrl: string;
  close(): Promise<void>;
}

export function serveStatic(root: string): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(root, pathname));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    const accepts = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const brotli = accepts && existsSync(`${file}.br`);
    const body = readFileSync(brotli ? `${file}.br` : file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control':
        pathname.startsWith('/assets/') && file !== join(root, 'index.html') ? IMMUTABLE : REVALIDATE,
      vary: 'accept-encoding',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
