import { EnvelopeError } from '../../shared/envelope/format.ts';
import { ApiError } from '../lib/ApiError.ts';
import { globalPlugin } from '../lib/globalPlugin.ts';
import '../types.ts';

/**
 * The `{data: <envelope>}` request wrapper and the sealed answers of spec 01 §7.4. A body
 * that is exactly `{data: string}` is opened before validation, so routes validate the
 * plain payload; any failure to open it is one uniform 400. Routes with
 * `config.sealResponse` have their successful answers sealed under that field.
 */
export const envelope = globalPlugin('envelope', async (app) => {
  app.addHook('preValidation', async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const keys = Object.keys(body);
    if (keys.length !== 1 || keys[0] !== 'data') return;
    try {
      request.body = app.envelope.open(body.data);
    } catch (error) {
      if (error instanceof EnvelopeError) throw new ApiError(400, error.message);
      throw error;
    }
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    const field = request.routeOptions.config.sealResponse;
    if (!field || reply.statusCode >= 400) return payload;
    return { [field]: app.envelope.seal(payload) };
  });
});
