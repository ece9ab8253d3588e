import type { FastifyPluginAsync } from 'fastify';
import { readCommonDocuments } from '../../../plans/nodePlanSource.ts';
import { ApiError } from '../../lib/ApiError.ts';
import '../../types.ts';
import { isPincodeCaller } from './pincodeCaller.ts';
import { pincodeDatasetVersion, PINCODE_DATASET, type PincodeRecord } from './pincodeMaster.ts';
import { seedPincodes } from './seedPincodes.ts';

/** Pincode lookup (spec 02 §7): `{pincode}`, plain or as `{data: <envelope>}`. */
export const PINCODE_PATH = '/buyonline_pincodemaster/';
/** Spec 02 §8: the answer's message for an unknown pincode. */
export const UNKNOWN_PINCODE_MESSAGE = 'Please enter valid pincode';
/** Pincodes change rarely; a found answer may be reused for a day. */
export const FOUND_CACHE_CONTROL = 'public, max-age=86400';
const UNAUTHORIZED_MESSAGE = 'Your session has expired. Please refresh the page and try again.';

/** The pincode field the browser validates (schemas/common defs): its pattern and message. */
function sharedPincodeField(): { pattern: string; message: string } {
  const defs = readCommonDocuments().find((doc) => String(doc.$id).endsWith('/common/defs.schema.json'));
  const field = (defs?.$defs as Record<string, { pattern?: string; errorMessage?: { pattern?: string } }>)
    ?.pincode;
  if (!field?.pattern || !field.errorMessage?.pattern) {
    throw new Error('schemas/common/defs.schema.json has no pincode pattern and message');
  }
  return { pattern: field.pattern, message: field.errorMessage.pattern };
}

const pincodeRecordSchema = {
  type: 'object',
  required: ['pincode', 'city', 'district', 'state'],
  properties: {
    pincode: { type: 'string' },
    city: { type: 'string' },
    district: { type: 'string' },
    state: { type: 'string' },
  },
} as const;

/**
 * The pincode master: seeded from the India Post dataset while the app starts (before
 * 'ready', so the first request already finds it) when `seedPincodes` is on and the table
 * is empty, and looked up by primary key. Found: a one-item array, as the spec's caller
 * reads `[0].state` and `[0].city`.
 */
export const pincodeRoutes: FastifyPluginAsync = async (app) => {
  if (app.serverConfig.seedPincodes) {
    const { inserted, ms } = await seedPincodes(app.db);
    if (inserted > 0) {
      app.log.info(
        { inserted, ms, dataset: `${PINCODE_DATASET}@${pincodeDatasetVersion()}` },
        `pincode master seeded: ${inserted} pincodes in ${ms} ms`,
      );
    } else {
      app.log.debug(`pincode master already loaded (checked in ${ms} ms)`);
    }
  }

  const field = sharedPincodeField();
  const invalid = () => new ApiError(400, field.message, [{ field: 'pincode', message: field.message }]);

  app.post<{ Body: { pincode: string } }>(
    PINCODE_PATH,
    {
      // Checked here rather than by the global Bearer hook: Basic with the public client id is accepted too.
      config: { auth: 'none' },
      onRequest: async (request) => {
        const caller = { tokens: app.tokens, publicClientId: app.serverConfig.publicClientId };
        if (!isPincodeCaller(request.headers.authorization, caller)) {
          throw new ApiError(401, UNAUTHORIZED_MESSAGE);
        }
      },
      // Any schema failure gets the one message the browser shows under the field.
      attachValidation: true,
      schema: {
        body: {
          type: 'object',
          required: ['pincode'],
          properties: { pincode: { type: 'string', pattern: field.pattern } },
        },
        response: { 200: { type: 'array', minItems: 1, maxItems: 1, items: pincodeRecordSchema } },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw invalid();
      const { rows } = await app.db.query<PincodeRecord>(
        'SELECT pincode, city, district, state FROM pincodes WHERE pincode = $1',
        [request.body.pincode],
      );
      if (!rows.length) {
        throw new ApiError(404, UNKNOWN_PINCODE_MESSAGE, [{ field: 'pincode', message: field.message }]);
      }
      reply.header('cache-control', FOUND_CACHE_CONTROL);
      return rows;
    },
  );
};
