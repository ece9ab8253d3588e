import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing, and the size below which compression does not pay. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MINIMUM_BYTES = 1024;

/**
 * Writes a .br and a .gz beside every compressible file of a build, once at build time, so
 * the server sends the smallest encoding a browser accepts without compressing per request
 * (@fastify/static `preCompressed`). Answers what it wrote, for the build log.
 */
export function precompress(dir: string): { file: string; bytes: number; brotli: number; gzip: number }[] {
  const written: { file: string; bytes: number; brotli: number; gzip: number }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      written.push(...precompress(path));
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const source = readFileSync(path);
    if (source.length < MINIMUM_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    written.push({ file: path, bytes: source.length, brotli: brotli.length, gzip: gzip.length });
  }
  return written;
}
