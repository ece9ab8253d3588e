import type { FastifyPluginAsync } from 'fastify';
import { indiaToday } from '../api/applications/policyDates.ts';
import { CALL_SLOTS } from '../api/callbacks/callSlots.ts';
import { ApiError } from '../lib/ApiError.ts';
import { ERROR_ANSWER, object, text } from '../lib/specSchema.ts';
import { planFor } from '../plans/serverPlans.ts';
import { DESK_API, requireStaff } from './deskAuth.ts';

/*
 * The desk's call-backs (issue 20): a day's bookings by slot ('Book a Call Now' first, by
 * time), each with what the expert needs before calling — the plan, the step the visitor was
 * on, the application and its last quote — and whether it is done. Staff mark one done.
 */
export const DESK_CALLBACKS = `${DESK_API}/callbacks`;

interface Row {
  id: string;
  full_name: string;
  mobile: string;
  gender: string | null;
  slot_date: string | null;
  slot_id: number | null;
  step: string | null;
  application_number: string | null;
  product_id: string | null;
  created_at: Date;
  done_at: Date | null;
  done_by: string | null;
  done_by_name: string | null;
  quote_number: string | null;
  premium: number | null;
  frequency: string | null;
}

const NOT_FOUND = 'This call-back is not on the desk.';

const BOOKING = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    fullName: { type: 'string' },
    mobileNumber: { type: 'string' },
    gender: { type: ['string', 'null'] },
    mode: { type: 'string', enum: ['now', 'slot'] },
    slotId: { type: ['integer', 'null'] },
    slotLabel: { type: ['string', 'null'] },
    bookedAt: { type: 'string' },
    applicationNumber: { type: ['string', 'null'] },
    productId: { type: ['string', 'null'] },
    planName: { type: ['string', 'null'] },
    step: { type: ['string', 'null'] },
    lastQuote: {
      type: ['object', 'null'],
      properties: {
        quoteNumber: { type: 'string' },
        premium: { type: ['number', 'null'] },
        frequency: { type: ['string', 'null'] },
      },
    },
    doneAt: { type: ['string', 'null'] },
    doneBy: { type: ['string', 'null'] },
    /** The name of the staff member who marked it done, for the desk to show. */
    doneByName: { type: ['string', 'null'] },
  },
} as const;

export const deskCallbacks: FastifyPluginAsync = async (app) => {
  const staffOnly = requireStaff(app);

  app.get<{ Querystring: { date?: string } }>(
    DESK_CALLBACKS,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        querystring: object({ date: text('Date', { format: 'calendar-date' }, 'Please enter valid date.') }),
        response: {
          200: {
            type: 'object',
            properties: { date: { type: 'string' }, items: { type: 'array', items: BOOKING } },
          },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request) => {
      const date = request.query.date ?? indiaToday();
      // A day's bookings: slots on that day, and calls asked for 'now' on it (India time).
      const { rows } = await app.db.query<Row>(
        `SELECT b.id::text AS id, b.full_name, b.mobile, b.gender, b.slot_date::text AS slot_date, b.slot_id,
                b.step, b.application_number, coalesce(a.product_id, l.product_id) AS product_id,
                b.created_at, b.done_at, b.done_by::text AS done_by, s.name AS done_by_name,
                q.quote_number, (q.response->'answer'->'data'->'quotePlanSectionDetails'->>'installmentPremiumWithTaxFY')::numeric::float8 AS premium,
                q.response->'answer'->'data'->'quotePlanSectionDetails'->>'premiumFrequency' AS frequency
         FROM callback_bookings b
         LEFT JOIN applications a ON a.application_number = b.application_number
         LEFT JOIN leads l ON l.lead_id = b.lead_id
         LEFT JOIN staff s ON s.id = b.done_by
         LEFT JOIN LATERAL (
           SELECT quote_number, response FROM quotes
           WHERE b.application_number IS NOT NULL AND quotes.application_number = b.application_number
           ORDER BY created_at DESC LIMIT 1
         ) q ON true
         WHERE b.slot_date = $1::date
            OR (b.slot_date IS NULL AND (b.created_at AT TIME ZONE 'Asia/Kolkata')::date = $1::date)
         ORDER BY b.slot_id NULLS FIRST, b.created_at`,
        [date],
      );
      return {
        date,
        items: rows.map((row) => ({
          id: row.id,
          fullName: row.full_name,
          mobileNumber: row.mobile,
          gender: row.gender,
          mode: row.slot_id === null ? 'now' : 'slot',
          slotId: row.slot_id,
          slotLabel: CALL_SLOTS.find((slot) => slot.id === row.slot_id)?.label ?? null,
          bookedAt: new Date(row.created_at).toISOString(),
          applicationNumber: row.application_number,
          productId: row.product_id,
          planName: row.product_id ? (planFor(row.product_id)?.config.productName ?? null) : null,
          step: row.step,
          lastQuote: row.quote_number
            ? { quoteNumber: row.quote_number, premium: row.premium, frequency: row.frequency }
            : null,
          doneAt: row.done_at ? new Date(row.done_at).toISOString() : null,
          doneBy: row.done_by,
          doneByName: row.done_by_name,
        })),
      };
    },
  );

  app.post<{ Params: { id: string } }>(
    `${DESK_CALLBACKS}/:id/done`,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        params: object({ id: text('Call-back', { pattern: '^[0-9]{1,18}$' }, NOT_FOUND) }, ['id']),
        response: {
          200: { type: 'object', properties: { id: { type: 'string' }, doneAt: { type: 'string' } } },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request) => {
      // Marking done twice keeps the first time and who did it.
      const { rows } = await app.db.query<{ id: string; done_at: Date }>(
        `UPDATE callback_bookings SET done_at = coalesce(done_at, now()), done_by = coalesce(done_by, $2)
         WHERE id = $1 RETURNING id::text AS id, done_at`,
        [request.params.id, request.staff!.id],
      );
      if (!rows[0]) throw new ApiError(404, NOT_FOUND);
      request.log.info({ booking: rows[0].id, staff: request.staff!.id }, 'call-back marked done');
      return { id: rows[0].id, doneAt: new Date(rows[0].done_at).toISOString() };
    },
  );
};
