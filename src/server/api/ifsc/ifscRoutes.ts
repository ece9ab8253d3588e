import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { ERROR_ANSWER } from '../../lib/specSchema.ts';
import '../../types.ts';
import { IFSC_FIELD, isIfsc } from './ifscField.ts';
import { ifscRegistry } from './ifscRegistry.ts';

/** The bank of an IFSC, offline (docs/design/proposal.md, "Bank: IFSC and the e-mandate"). */
export const IFSC_PATH = '/buyonlineoauth/ifsc/:code';

export const IFSC_MESSAGES = {
  /** The shared field's message (schemas/common/proposal-defs.schema.json), 'Please enter a valid IFSC, e.g. SBIN0001234'. */
  invalid: IFSC_FIELD.message,
  unknown: 'We could not find this IFSC. Please check it against your cheque book or passbook.',
} as const;

/** IFSCs change rarely (the registry is refreshed about monthly); a found answer may be reused for a day. */
const FOUND_CACHE_CONTROL = 'public, max-age=86400';

const nullableText = { type: ['string', 'null'] } as const;

const ifscRecordSchema = {
  type: 'object',
  required: ['ifsc', 'bank', 'bankCode', 'branch', 'address', 'city', 'district', 'state'],
  properties: {
    ifsc: { type: 'string' },
    bank: { type: 'string' },
    bankCode: { type: 'string' },
    branch: nullableText,
    address: nullableText,
    city: nullableText,
    district: nullableText,
    state: nullableText,
  },
} as const;

/**
 * IFSC lookup for the bank-details step: the code is upper-cased and checked for its shape,
 * the shared field's pattern (400), then looked up in Razorpay's IFSC registry kept in the repository (404 when it lists
 * no such branch). The registry names banks, not branches, so the branch facts are null and
 * the browser shows the bank. Bearer token, like every journey call; public data, no capability.
 */
export const ifscRoutes: FastifyPluginAsync = async (app) => {
  const field = (message: string) => [{ field: 'ifsc', message }];

  app.get<{ Params: { code: string } }>(
    IFSC_PATH,
    {
      // Any schema failure gets the one message the browser shows under the field.
      attachValidation: true,
      schema: {
        params: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', maxLength: 32 } },
        },
        response: { 200: ifscRecordSchema, '4xx': ERROR_ANSWER },
      },
    },
    async (request, reply) => {
      const ifsc = request.validationError ? '' : request.params.code.trim().toUpperCase();
      if (!isIfsc(ifsc)) {
        throw new ApiError(400, IFSC_MESSAGES.invalid, field(IFSC_MESSAGES.invalid));
      }
      const record = (await ifscRegistry()).lookup(ifsc);
      if (!record) throw new ApiError(404, IFSC_MESSAGES.unknown, field(IFSC_MESSAGES.unknown));
      reply.header('cache-control', FOUND_CACHE_CONTROL);
      return record;
    },
  );
};
