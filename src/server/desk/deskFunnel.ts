import type { FastifyPluginAsync } from 'fastify';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { formsByStep } from '../api/analytics/stepFields.ts';
import { indiaToday } from '../api/applications/policyDates.ts';
import type { Queryable } from '../db/Db.ts';
import { ApiError } from '../lib/ApiError.ts';
import { ERROR_ANSWER, choice, object, text } from '../lib/specSchema.ts';
import { planFor, serverPlans } from '../plans/serverPlans.ts';
import { DESK_API, requireStaff } from './deskAuth.ts';

/*
 * The desk's funnel (issue 20): where visitors of a plan give up, from the anonymous step
 * events the journey records (POST /buyonlineoauth/analytics/steps). For a period of India
 * calendar days it shows each step in the plan's journey order — the order of `steps` in its
 * plan.json, then the proposal's steps (the only steps the route takes) — with: how many
 * visits entered it; how many stopped there (their furthest step, in that order, and they
 * never reached the payment step or anything after it); the median time spent on it (each
 * visit's longest time there, as the browser reports the time so far each time the page
 * hides); and its validation errors by field and keyword.
 */
export const DESK_FUNNEL = `${DESK_API}/funnel`;

/** Longest period the desk reads at once, in days. */
export const MAX_PERIOD_DAYS = 92;
/** The period when none is asked for: the last seven days, today included. */
const DEFAULT_PERIOD_DAYS = 7;

export const FUNNEL_MESSAGES = {
  date: 'Please enter valid date.',
  order: 'The start date must be on or before the end date.',
  tooLong: `Please choose a period of at most ${MAX_PERIOD_DAYS} days.`,
  plan: 'This plan is not known.',
} as const;

const DAY_MS = 86_400_000;

interface PeriodQuery {
  from?: string;
  to?: string;
}

const DATE = text(
  'Date',
  { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', format: 'calendar-date' },
  FUNNEL_MESSAGES.date,
);

/** A step of a plan's journey, in order, as the funnel names it. */
export interface JourneyStep {
  step: string;
  title: string;
}

/**
 * A plan's steps in journey order: its journey steps as plan.json lists them (the machine is
 * generated in that order), then the proposal's by hash route (the one at the page's root, '',
 * by the name the browser reports it under, PROPOSAL_ROOT_STEP). `finishAt` is the index of the payment
 * step: a visit that reaches it, or any step after it, has finished the journey.
 */
export function journeyOf(plan: LoadedPlan): { steps: JourneyStep[]; finishAt: number } {
  const steps = [...formsByStep(plan)].map(([id, step]) => ({
    step: id,
    title: step.definition.title ?? (typeof step.schema.title === 'string' ? step.schema.title : id),
  }));
  const payment = Object.entries(plan.steps).findIndex(
    ([, step]) => step.definition.submit?.type === 'startPayment',
  );
  return { steps, finishAt: payment >= 0 ? payment : Object.keys(plan.steps).length - 1 };
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The period asked for, or the last seven India days; refused when backwards or too long. */
export function periodOf(query: PeriodQuery, today: string): { from: string; to: string } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, 1 - DEFAULT_PERIOD_DAYS);
  if (from > to)
    throw new ApiError(400, FUNNEL_MESSAGES.order, [{ field: 'from', message: FUNNEL_MESSAGES.order }]);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_PERIOD_DAYS) {
    throw new ApiError(400, FUNNEL_MESSAGES.tooLong, [{ field: 'to', message: FUNNEL_MESSAGES.tooLong }]);
  }
  return { from, to };
}

/** Events recorded from the start of the India day of parameter `from` to the end of that of `to`. */
function inPeriod(from: string, to: string): string {
  return `recorded_at >= (${from}::date)::timestamp AT TIME ZONE 'Asia/Kolkata'
    AND recorded_at < (${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'`;
}
const IN_PERIOD = inPeriod('$2', '$3');

interface ErrorRow {
  step: string;
  field: string | null;
  error_key: string | null;
  count: number;
}

interface FunnelStep extends JourneyStep {
  entered: number;
  leftHere: number;
  medianMs: number | null;
  errors: { field: string | null; errorKey: string | null; count: number }[];
}

/** One plan's funnel over a period (see the comment at the top). */
export async function funnelOf(
  db: Queryable,
  plan: LoadedPlan,
  period: { from: string; to: string },
): Promise<{ visits: number; steps: FunnelStep[] }> {
  const productId = plan.config.productId;
  const journey = journeyOf(plan);
  const order = journey.steps.map((each) => each.step);
  const params = [productId, period.from, period.to];
  const visits = await db.query<{ visits: number }>(
    `SELECT count(DISTINCT visit_id)::int AS visits FROM visit_steps WHERE product_id = $1 AND ${IN_PERIOD}`,
    params,
  );
  const entered = await db.query<{ step: string; entered: number }>(
    `SELECT step, count(DISTINCT visit_id)::int AS entered
       FROM visit_steps WHERE product_id = $1 AND kind = 'enter' AND ${IN_PERIOD}
      GROUP BY step`,
    params,
  );
  // A visit may report a step's time several times (each time the page hides, then as it
  // leaves), each the time so far: its longest is its time there.
  const times = await db.query<{ step: string; median_ms: number | null }>(
    `SELECT step, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS median_ms FROM (
       SELECT step, visit_id, max(ms) AS ms
         FROM visit_steps
        WHERE product_id = $1 AND kind = 'leave' AND ms IS NOT NULL AND ${IN_PERIOD}
        GROUP BY step, visit_id) per_visit
      GROUP BY step`,
    params,
  );
  const errors = await db.query<ErrorRow>(
    `SELECT step, field, error_key, count(*)::int AS count
       FROM visit_steps WHERE product_id = $1 AND kind = 'error' AND ${IN_PERIOD}
      GROUP BY step, field, error_key
      ORDER BY count(*) DESC, field NULLS LAST, error_key NULLS LAST`,
    params,
  );
  // Each visit's furthest step in journey order (1-based), counted where it is before the payment step.
  const left = await db.query<{ position: number; visits: number }>(
    `SELECT position, count(*)::int AS visits FROM (
       SELECT visit_id, max(array_position($4::text[], step)) AS position
         FROM visit_steps
        WHERE product_id = $1 AND kind = 'enter' AND step = ANY($4::text[]) AND ${IN_PERIOD}
        GROUP BY visit_id) furthest
      WHERE position <= $5
      GROUP BY position`,
    [...params, order, journey.finishAt],
  );

  const enteredAt = new Map(entered.rows.map((row) => [row.step, row.entered]));
  const medianAt = new Map(times.rows.map((row) => [row.step, row.median_ms]));
  const leftAt = new Map(left.rows.map((row) => [row.position - 1, row.visits]));
  return {
    visits: visits.rows[0]?.visits ?? 0,
    steps: journey.steps.map((each, index) => {
      const median = medianAt.get(each.step);
      return {
        ...each,
        entered: enteredAt.get(each.step) ?? 0,
        leftHere: leftAt.get(index) ?? 0,
        medianMs: typeof median === 'number' ? Math.round(median) : null,
        errors: errors.rows
          .filter((error) => error.step === each.step)
          .map((error) => ({ field: error.field, errorKey: error.error_key, count: error.count })),
      };
    }),
  };
}

const FUNNEL_STEP = {
  type: 'object',
  properties: {
    step: { type: 'string' },
    title: { type: 'string' },
    entered: { type: 'integer' },
    leftHere: { type: 'integer' },
    medianMs: { type: ['integer', 'null'] },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          field: { type: ['string', 'null'] },
          errorKey: { type: ['string', 'null'] },
          count: { type: 'integer' },
        },
      },
    },
  },
} as const;

export const deskFunnel: FastifyPluginAsync = async (app) => {
  const staffOnly = requireStaff(app);
  const today = () => indiaToday(app.serverConfig.now?.() ?? new Date());
  const planIds = [...serverPlans().keys()];

  app.get<{ Querystring: PeriodQuery & { productId: string } }>(
    DESK_FUNNEL,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        querystring: object(
          { productId: choice('Plan', planIds, FUNNEL_MESSAGES.plan), from: DATE, to: DATE },
          ['productId'],
        ),
        response: {
          200: {
            type: 'object',
            properties: {
              productId: { type: 'string' },
              planName: { type: 'string' },
              from: { type: 'string' },
              to: { type: 'string' },
              visits: { type: 'integer' },
              steps: { type: 'array', items: FUNNEL_STEP },
            },
          },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request) => {
      const period = periodOf(request.query, today());
      const plan = planFor(request.query.productId)!;
      const funnel = await funnelOf(app.db, plan, period);
      return { productId: plan.config.productId, planName: plan.config.productName, ...period, ...funnel };
    },
  );

  app.get<{ Querystring: PeriodQuery }>(
    `${DESK_FUNNEL}/plans`,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        querystring: object({ from: DATE, to: DATE }),
        response: {
          200: {
            type: 'object',
            properties: {
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    productId: { type: 'string' },
                    planName: { type: 'string' },
                    visits: { type: 'integer' },
                  },
                },
              },
            },
          },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request) => {
      const period = periodOf(request.query, today());
      const { rows } = await app.db.query<{ product_id: string; visits: number }>(
        `SELECT product_id, count(DISTINCT visit_id)::int AS visits FROM visit_steps
          WHERE ${inPeriod('$1', '$2')}
          GROUP BY product_id`,
        [period.from, period.to],
      );
      const visits = new Map(rows.map((row) => [row.product_id, row.visits]));
      // Every plan, the most visited first: a plan nobody opened in the period is news too.
      const items = [...serverPlans().values()]
        .map((plan) => ({
          productId: plan.config.productId,
          planName: plan.config.productName,
          visits: visits.get(plan.config.productId) ?? 0,
        }))
        .sort((a, b) => b.visits - a.visits || a.productId.localeCompare(b.productId));
      return { items };
    },
  );
};
