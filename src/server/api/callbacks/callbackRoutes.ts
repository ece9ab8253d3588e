import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { ERROR_ANSWER, sealedAnswer } from '../../lib/specSchema.ts';
import { namedApplication } from '../applications/requireCapability.ts';
import '../../types.ts';
import { bookCallback, type CallbackRequest } from './bookCallback.ts';
import {
  callbackBody,
  DATE_MESSAGE,
  DATE_REQUIRED_MESSAGE,
  SLOT_PAST_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
  slotsQuery,
  THANKS_MESSAGE,
} from './callbackSchemas.ts';
import { isPastDate, isSlotPast, slotById, slotsFor, type CallSlot } from './callSlots.ts';

export const CALLBACKS_PATH = '/buyonlineoauth/callbacks';
export const CALLBACK_SLOTS_PATH = '/buyonlineoauth/callbacks/slots';

const failures = { 400: ERROR_ANSWER, 401: ERROR_ANSWER, 403: ERROR_ANSWER };

/** The date rules of the slot step, which depend on the clock and on each other. */
function chosenSlot(request: CallbackRequest, now: Date): CallSlot | undefined {
  if (request.mode !== 'slot') return undefined;
  const errors: FieldError[] = [];
  if (!request.date) errors.push({ field: 'date', message: DATE_REQUIRED_MESSAGE });
  else if (isPastDate(request.date, now)) errors.push({ field: 'date', message: DATE_MESSAGE });
  const slot = request.slotId === undefined ? undefined : slotById(request.slotId);
  if (!slot) errors.push({ field: 'slotId', message: SLOT_REQUIRED_MESSAGE });
  else if (request.date && !errors.length && isSlotPast(slot, request.date, now)) {
    errors.push({ field: 'slotId', message: SLOT_PAST_MESSAGE });
  }
  if (errors.length) throw new ApiError(400, errors[0]!.message, errors);
  return slot;
}

/**
 * Talk to Expert (spec 02 §2.9, §4.8, §5.6): book a call now or in one of the five slots
 * of §3.8, in India time. A booking is recorded with its lead and outbox message; one
 * that names an application needs that application's capability.
 */
export const callbackRoutes: FastifyPluginAsync = async (app) => {
  const now = app.serverConfig.now ?? (() => new Date());

  app.post<{ Body: CallbackRequest }>(
    CALLBACKS_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'create' },
      schema: {
        body: callbackBody(),
        response: { 200: sealedAnswer('response', "{status: '200', leadId, message}"), ...failures },
      },
    },
    async (request) => {
      namedApplication(app, request, request.body.applicationNumber);
      const slot = chosenSlot(request.body, now());
      const lead = await bookCallback(app.db, request.body, slot);
      return { status: '200', leadId: lead.leadId, message: THANKS_MESSAGE };
    },
  );

  app.get<{ Querystring: { date: string } }>(
    CALLBACK_SLOTS_PATH,
    {
      config: { sealResponse: 'response' },
      schema: {
        querystring: slotsQuery(),
        response: {
          200: sealedAnswer('response', "{status: '200', date, slots: [{id, label, available}]}"),
          ...failures,
        },
      },
    },
    async (request) => {
      const { date } = request.query;
      const at = now();
      if (isPastDate(date, at))
        throw new ApiError(400, DATE_MESSAGE, [{ field: 'date', message: DATE_MESSAGE }]);
      return { status: '200', date, slots: slotsFor(date, at) };
    },
  );
};
