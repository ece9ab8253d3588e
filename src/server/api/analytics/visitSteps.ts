import type { Queryable } from '../../db/Db.ts';

/** What a visit did on a step: entered it, left it (after `ms`), or met a field's validation error. */
export type StepKind = 'enter' | 'leave' | 'error';

export const STEP_KINDS: readonly StepKind[] = ['enter', 'leave', 'error'];

/** One event as the browser sends it (validated by the route). */
export interface VisitStepEvent {
  productId: string;
  step: string;
  kind: StepKind;
  field?: string;
  errorKey?: string;
  ms?: number;
}

/** Stores a visit's events in one statement, stamped `at` (the server's clock, not the browser's). */
export async function recordVisitSteps(
  db: Queryable,
  visitId: string,
  events: readonly VisitStepEvent[],
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO visit_steps (visit_id, product_id, step, kind, field, error_key, ms, recorded_at)
     SELECT $1, product_id, step, kind, field, error_key, ms, $8
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
         AS e(product_id, step, kind, field, error_key, ms)`,
    [
      visitId,
      events.map((event) => event.productId),
      events.map((event) => event.step),
      events.map((event) => event.kind),
      events.map((event) => event.field ?? null),
      events.map((event) => event.errorKey ?? null),
      events.map((event) => event.ms ?? null),
      at.toISOString(),
    ],
  );
}
