import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { choice, ERROR_ANSWER, object, sealedAnswer, text } from '../../lib/specSchema.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import { createApplicationRepository } from '../applications/applicationRepository.ts';
import { indiaToday } from '../applications/policyDates.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import { hasExpired } from '../applications/resumeRules.ts';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MESSAGES,
  LIVES,
  MAX_DOCUMENT_BYTES,
  type DocumentKind,
  type Life,
} from '../../../shared/documents/documentRules.ts';
import { documentTypeOf, sha256Of } from './documentContent.ts';
import { inlineDisposition, storedName } from './documentNames.ts';
import { createDocumentRepository, DOCUMENT_ID_PATTERN, type DocumentSummary } from './documentRepository.ts';
import '../../types.ts';

export const DOCUMENTS_PATH = '/buyonlineoauth/documents';
export const DOCUMENT_PATH = `${DOCUMENTS_PATH}/:id`;

/** What an upload may be sent as; its type is then decided by its bytes (documentTypeOf). */
const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream'];

/**
 * Bodies a little over 5 MB are still read, so the handler refuses them in the same words
 * as the parser refuses larger ones; larger ones are not kept (DRAINED_LIMIT).
 */
const BODY_LIMIT = MAX_DOCUMENT_BYTES + 64 * 1024;

/**
 * A body declared larger than BODY_LIMIT, up to this, is read to its end and dropped before
 * the 413 is answered: a client still sending when the answer comes and the connection closes
 * hears a broken pipe, not the answer (seen with Node's HTTP client on a busy machine). Larger
 * ones are answered at once.
 */
const DRAINED_LIMIT = 32 * 1024 * 1024;

interface UploadQuery {
  applicationNumber: string;
  life: Life;
  kind: DocumentKind;
  name: string;
}

const APPLICATION_NUMBER = text(
  'Application Number',
  { pattern: APPLICATION_NUMBER_PATTERN },
  MESSAGES.unknownApplication,
);

/** A refusal of the file itself, told under the field `file`. */
function fileRefusal(statusCode: number, message: string): ApiError {
  return new ApiError(statusCode, message, [{ field: 'file', message }]);
}

/** What the body parser refuses, in the store's words rather than Fastify's; undefined for anything else. */
function parserRefusal(error: FastifyError): ApiError | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return fileRefusal(413, DOCUMENT_MESSAGES.tooLarge);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return fileRefusal(415, DOCUMENT_MESSAGES.notADocument);
  }
  return undefined;
}

/** The upload's answer: the document's reference, as the documents step saves it. */
const answerOf = ({ id, name, type, size }: DocumentSummary) => ({ status: '200', id, name, type, size });

const UPLOAD_ANSWER = sealedAnswer('response', "{status: '200', id, name, type, size}");

function sendDocument(reply: FastifyReply, document: DocumentSummary & { body: Buffer }) {
  return reply
    .header('content-type', document.type)
    .header('content-disposition', inlineDisposition(document.name))
    .header('content-length', document.body.length)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(document.body);
}

/**
 * The documents a buyer uploads for the proposal (identity, address and income proof of each
 * life): stored whole, in the database, once the body has arrived, for the holder of the
 * application's capability, and served back to that holder only. The file's type is decided
 * by its content, never by its name.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  // This plugin's routes take raw files only: JSON, text and forms are not parsed here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    UPLOAD_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const applications = createApplicationRepository(app.db);
  const documents = createDocumentRepository(app.db);

  app.post<{ Querystring: UploadQuery; Body: Buffer | undefined }>(
    DOCUMENTS_PATH,
    {
      bodyLimit: BODY_LIMIT,
      config: { sealResponse: 'response', writeLimit: 'upload' },
      // A caller without the capability is refused before its body is read.
      onRequest: async (request) => {
        const { applicationNumber } = request.query as Partial<UploadQuery>;
        if (typeof applicationNumber === 'string') requireCapability(app, request, applicationNumber);
      },
      // Declared too large: refused before parsing, once the client has sent it (DRAINED_LIMIT).
      preParsing: async (request, _reply, payload) => {
        const declared = Number(request.headers['content-length']);
        if (!Number.isFinite(declared) || declared <= BODY_LIMIT) return payload;
        if (declared <= DRAINED_LIMIT) for await (const _chunk of payload) void _chunk;
        throw fileRefusal(413, DOCUMENT_MESSAGES.tooLarge);
      },
      errorHandler: (error: FastifyError) => {
        throw parserRefusal(error) ?? error;
      },
      schema: {
        querystring: object(
          {
            applicationNumber: APPLICATION_NUMBER,
            life: choice('Life', LIVES, DOCUMENT_MESSAGES.life),
            kind: choice('Kind', DOCUMENT_KINDS, DOCUMENT_MESSAGES.kind),
            name: text('File name', { minLength: 1, maxLength: 255 }, DOCUMENT_MESSAGES.name),
          },
          ['applicationNumber', 'life', 'kind', 'name'],
        ),
        body: {
          description:
            'The file itself, as sent (application/pdf, image/jpeg, image/png or application/octet-stream).',
        },
        response: { 200: UPLOAD_ANSWER, 201: UPLOAD_ANSWER, '4xx': ERROR_ANSWER },
      },
    },
    async (request, reply) => {
      const { applicationNumber, life, kind, name } = request.query;
      requireCapability(app, request, applicationNumber);
      const application = await applications.find(applicationNumber);
      if (!application) throw new ApiError(404, MESSAGES.unknownApplication);
      if (application.journeyFlag) throw new ApiError(409, MESSAGES.submitted);
      if (hasExpired(application, indiaToday())) throw new ApiError(410, MESSAGES.expired);

      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      if (!body?.length) throw fileRefusal(400, DOCUMENT_MESSAGES.empty);
      if (body.length > MAX_DOCUMENT_BYTES) throw fileRefusal(413, DOCUMENT_MESSAGES.tooLarge);
      const type = await documentTypeOf(body);
      if (!type) throw fileRefusal(415, DOCUMENT_MESSAGES.notADocument);

      const outcome = await documents.store({
        applicationNumber,
        life,
        kind,
        name: storedName(name),
        type,
        sha256: sha256Of(body),
        body,
      });
      if (outcome.stored === 'none') {
        if (outcome.reason === 'full') throw fileRefusal(409, DOCUMENT_MESSAGES.tooMany);
        // Submitted (or gone) since it was read above.
        const now = await applications.find(applicationNumber);
        throw new ApiError(now ? 409 : 404, now ? MESSAGES.submitted : MESSAGES.unknownApplication);
      }
      reply.code(outcome.stored === 'new' ? 201 : 200);
      return answerOf(outcome.document);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { applicationNumber: string } }>(
    DOCUMENT_PATH,
    {
      schema: {
        params: object(
          { id: text('Document', { pattern: DOCUMENT_ID_PATTERN }, DOCUMENT_MESSAGES.unknownDocument) },
          ['id'],
        ),
        querystring: object({ applicationNumber: APPLICATION_NUMBER }, ['applicationNumber']),
        response: {
          200: {
            description: 'The file as stored (application/pdf, image/jpeg or image/png).',
            type: 'string',
            format: 'binary',
          },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request, reply) => {
      const { applicationNumber } = request.query;
      requireCapability(app, request, applicationNumber);
      const document = await documents.find(request.params.id, applicationNumber);
      if (!document) throw new ApiError(404, DOCUMENT_MESSAGES.unknownDocument);
      return sendDocument(reply, document);
    },
  );
};
