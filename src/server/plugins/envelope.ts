import type { preSerializationHookHandler, RouteOptions } from 'fastify';
import { EnvelopeError } from '../../shared/envelope/format.ts';
import { ApiError } from '../lib/ApiError.ts';
import { globalPlugin } from '../lib/globalPlugin.ts';
import {
  findUnsupportedInput,
  TOO_DEEP_MESSAGE,
  UNSUPPORTED_CHARACTERS_MESSAGE,
} from '../lib/unsupportedInput.ts';
import '../types.ts';

/**
 * The `{data: <envelope>}` request wrapper and the sealed answers of spec 01 §7.4. A body
 * that is exactly `{data: string}` is opened before validation, so routes validate the
 * plain payload; any failure to open it is one uniform 400. Every body, opened or plain,
 * is then checked once for what no route can store (see unsupportedInput). Routes with
 * `config.sealResponse` have their successful answers sealed under that field, by a hook
 * of their own (added when they are registered), so other answers pass no sealing hook.
 */
export const envelope = globalPlugin('envelope', async (app) => {
  app.addHook('preValidation', (request, _reply, done) => {
    // A raw file (an uploaded document) is bytes, not fields: nothing here applies to it.
    if (Buffer.isBuffer(request.body)) return done();
    const body = request.body as Record<string, unknown> | undefined;
    if (isEnvelope(body)) {
      try {
        request.body = app.envelope.open(body.data);
      } catch (error) {
        if (error instanceof EnvelopeError) throw new ApiError(400, error.message);
        throw error;
      }
    }
    rejectUnsupportedInput(request.body);
    done();
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const field = route.config?.sealResponse;
    if (!field) return;
    const seal: preSerializationHookHandler<unknown> = (_request, reply, payload, done) => {
      done(null, reply.statusCode >= 400 ? payload : { [field]: app.envelope.seal(payload) });
    };
    route.preSerialization = [seal, ...[route.preSerialization ?? []].flat()];
  });
});

function isEnvelope(body: unknown): body is { data: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === 'data';
}

/** NUL characters, lone surrogates and deep nesting are a 400 here, before any route sees them. */
function rejectUnsupportedInput(body: unknown) {
  const found = findUnsupportedInput(body);
  if (found?.problem === 'depth') throw new ApiError(400, TOO_DEEP_MESSAGE);
  if (found?.problem === 'characters') {
    throw new ApiError(400, UNSUPPORTED_CHARACTERS_MESSAGE, [
      { field: found.field, message: UNSUPPORTED_CHARACTERS_MESSAGE },
    ]);
  }
}
