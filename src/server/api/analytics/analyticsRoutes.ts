import type { FastifyPluginAsync } from 'fastify';
import {
  ANALYTICS_STEPS_PATH,
  ERROR_KEY_PATTERN,
  FIELD_PATTERN,
  MAX_EVENTS,
  STEP_PATTERN,
  VISIT_ID_PATTERN,
} from '../../../shared/analyticsApi.ts';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { ERROR_ANSWER, choice, object, text, type JsonSchema } from '../../lib/specSchema.ts';
import { planFor, serverPlans } from '../../plans/serverPlans.ts';
import { toFieldError } from '../../plugins/errors.ts';
import '../../types.ts';
import { ERROR_KEYS, fieldOfStep, formsByStep } from './stepFields.ts';
import { recordVisitSteps, STEP_KINDS, type VisitStepEvent } from './visitSteps.ts';

export { ANALYTICS_STEPS_PATH, MAX_EVENTS };

/** Largest `ms` kept (the column is a 4-byte integer: about 24 days on one step). */
const MAX_MS = 2_147_483_647;

export const ANALYTICS_MESSAGES = {
  step: 'This step is not part of this plan.',
  field: 'This field is not on this step.',
} as const;

/**
 * An event names a plan, one of its steps, a field of that step's form and a validation
 * keyword — names only. The patterns here keep out what cannot be a name; the plan's own
 * steps and forms are checked after (`checkedNames`).
 */
function eventSchema(productIds: readonly string[]): JsonSchema {
  return object(
    {
      productId: choice('Plan', productIds, 'This plan is not known.'),
      step: text('Step', { pattern: STEP_PATTERN }),
      kind: choice('Kind', STEP_KINDS),
      field: text('Field name', { pattern: FIELD_PATTERN }),
      errorKey: { ...choice('Error key', ERROR_KEYS), pattern: ERROR_KEY_PATTERN },
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
      visitId: text('Visit id', { pattern: VISIT_ID_PATTERN }),
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
 * Each event's step checked against its plan's steps and its field against that step's form;
 * the events as they are stored (fields joined with '_'), or the refusals by event.
 */
function checkedNames(events: readonly VisitStepEvent[]): {
  events: VisitStepEvent[];
  refused: FieldError[];
} {
  const refused: FieldError[] = [];
  const checked = events.map((event, index) => {
    const form = formsByStep(planFor(event.productId)!).get(event.step);
    if (!form) {
      refused.push({ field: `events.${index}.step`, message: ANALYTICS_MESSAGES.step });
      return event;
    }
    if (event.field === undefined) return event;
    const field = fieldOfStep(form, event.field);
    if (!field) refused.push({ field: `events.${index}.field`, message: ANALYTICS_MESSAGES.field });
    return { ...event, field };
  });
  return { events: checked, refused };
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
      const { events, refused: names } = checkedNames(request.body.events);
      if (names.length) throw new ApiError(400, names[0]!.message, names);
      await recordVisitSteps(app.db, request.body.visitId, events, now());
      return reply.code(204).send();
    },
  );
};
