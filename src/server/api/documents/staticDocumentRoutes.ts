import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import '../../types.ts';
import { fatcaDeclarationPdf } from './fatcaDeclarationPdf.ts';

export const FATCA_DECLARATION_PATH = '/buyonlineoauth/static/fatca-declaration.pdf';

/**
 * A document the same for every visitor may be kept by browsers and shared caches for a day,
 * then revalidated by its ETag (the URL carries no version, so not `immutable`: a new text
 * must reach buyers after a release).
 */
const CACHE_CONTROL = 'public, max-age=86400';

interface BuiltDocument {
  pdf: Buffer;
  etag: string;
}

/** A strong ETag: the bytes' SHA-256 (the PDF is built with a fixed date, so the same text gives the same tag). */
const etagOf = (pdf: Buffer) => `"${createHash('sha256').update(pdf).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names this tag (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Documents the proposal links to that are the same for everyone: the FATCA / CRS
 * declaration (spec 02 §2.2). Public (no token: a plain link), built once on first request
 * and kept in memory.
 */
export const staticDocumentRoutes: FastifyPluginAsync = async (app) => {
  let fatca: Promise<BuiltDocument> | undefined;
  const fatcaDocument = () => {
    fatca ??= fatcaDeclarationPdf().then(
      (pdf) => ({ pdf, etag: etagOf(pdf) }),
      (error: unknown) => {
        fatca = undefined;
        throw error;
      },
    );
    return fatca;
  };

  app.get(
    FATCA_DECLARATION_PATH,
    {
      config: { auth: 'none' },
      schema: {
        response: {
          200: { description: 'A PDF document (application/pdf).', type: 'string', format: 'binary' },
          304: { description: 'Not modified: the If-None-Match tag is current.', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const { pdf, etag } = await fatcaDocument();
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="FATCA-CRS-Declaration.pdf"')
        .header('content-length', pdf.length)
        .send(pdf);
    },
  );
};
