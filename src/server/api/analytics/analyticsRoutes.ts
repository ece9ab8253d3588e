import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { ERROR_ANSWER, choice, object, text, type JsonSchema } from '../../lib/specSchema.ts';
import { serverPlans } from '../../plans/serverPlans.ts';
import { toFieldError } from '../../plugins/errors.ts';
import '../../types.ts';
import { recordVisitSteps, STEP_KINDS, type VisitStepEvent } from './visitSteps.ts';

export const ANALYTICS_STEPS_PATH = '/buyonlineoauth/analytics/steps';

/** At most this many events in one request (a page hide sends what is left of the visit's queue). */
export const MAX_EVENTS = 20;

/** Largest `ms` kept (the column is a 4-byte integer: about 24 days on one step). */
const MAX_MS = 2_147_483_647;

/**
 * Each field is a name, a step or a keyword, never a value: the patterns leave no room for an
 * e-mail, a name with spaces, or a date of birth written with slashes and a plan's step in it.
 */
function eventSchema(productIds: readonly string[]): JsonSchema {
  return object(
    {
      productId: choice('Plan', productIds, 'This plan is not known.'),
      step: text('Step', { pattern: '^[a-z0-9][a-z0-9/?=-]*$', maxLength: 80 }),
      kind: choice('Kind', STEP_KINDS),
      field: text('Field name', { pattern: '^[A-Za-z0-9_./-]{1,80}$' }),
      errorKey: text('Error key', { pattern: '^[A-Za-z0-9_-]{1,40}$' }),
      ms: {
        type: 'integer',
        title: 'Time on step',
        minimum: 0,
        maximum: MAX_MS,
        errorMessage: 'Please enter valid time on step.',
      },
    },
    ['productId', 'step', 'kind'],
  );
}

function bodySchema(): JsonSchema {
  return object(
    {
      visitId: text('Visit id', { pattern: '^[A-Za-z0-9_-]{16,40}$' }),
      events: {
        type: 'array',
        title: 'Events',
        minItems: 1,
        maxItems: MAX_EVENTS,
        items: eventSchema([...serverPlans().keys()]),
        errorMessage: {
          type: 'Please enter valid events.',
          minItems: 'Please send at least one event.',
          maxItems: `Please send at most ${MAX_EVENTS} events at a time.`,
        },
      },
    },
    ['visitId', 'events'],
  );
}

/**
 * Funnel measurement (issue 20): the browser reports, per anonymous visit, when a step is
 * entered and left (with the time spent) and which field failed validation with which
 * keyword. It sends plain JSON without a token — by navigator.sendBeacon as the page hides,
 * by fetch with keepalive otherwise — so the route takes no Authorization, is limited per
 * address, and answers 204 with nothing. Nothing of the body is logged.
 */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const now = app.serverConfig.now ?? (() => new Date());

  app.post<{ Body: { visitId: string; events: VisitStepEvent[] } }>(
    ANALYTICS_STEPS_PATH,
    {
      config: { auth: 'none', writeLimit: 'analytics' },
      bodyLimit: 32 * 1024,
      // Refused here, so the log keeps the fields and messages of a refusal, never the values
      // sent (the schema-validation log carries them).
      attachValidation: true,
      schema: {
        body: bodySchema(),
        response: {
          204: { type: 'null', description: 'The events are recorded.' },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request, reply) => {
      const refused = request.validationError;
      if (refused) throw new ApiError(400, refused.message, refused.validation.map(toFieldError));
      await recordVisitSteps(app.db, request.body.visitId, request.body.events, now());
      return reply.code(204).send();
    },
  );
};
