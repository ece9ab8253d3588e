import type { Db, Queryable } from '../../db/Db.ts';
import { furtherStage } from '../applications/stages.ts';
import {
  MANDATE_COLUMNS,
  toMandate,
  type Mandate,
  type MandateRow,
  type MandateStatus,
} from './mandateRepository.ts';
import type { MandateOutcome } from './mandateResponse.ts';

/** The stage the e-mandate step saves (schemas/common/application.schema.json $defs/stage). */
export const MANDATE_STAGE = 'emandate-details';

export interface MandateSettlement {
  /** The mandate as recorded after this answer. */
  mandate: Mandate;
  /** False for a replay, or an answer that may not change what is recorded (a failure after a registration). */
  changed: boolean;
  /** The application's new version, when its eMandateDetails changed. */
  applicationVersion?: number;
  /** The application's product, for the page the visitor goes back to. */
  productId?: string;
}

/** Why a verified answer was still not recorded (the caller answers 400, nothing changed). */
export class MandateSettlementRefusal extends Error {}

/** A registration is final; the same status again is a replay; a failure may still turn out registered. */
export function nextMandateStatus(current: MandateStatus, incoming: 'success' | 'failure') {
  if (current === 'success' || current === incoming) return undefined;
  return incoming;
}

/**
 * What a mandate as recorded writes into the application's `eMandateDetails.primary`, over
 * what the e-mandate step saved there. `limit` is the step's name for the maximum debit
 * (schemas/common/steps/proposal/e-mandate.schema.json), `maxAmount` the same figure.
 */
export function eMandateDetailsOf(mandate: Mandate): Record<string, unknown> {
  const debitDay = mandate.payload.debitDay;
  return {
    choice: 'E-mandate',
    status: mandate.status,
    umrn: mandate.umrn,
    mandateId: mandate.mandateId,
    maxAmount: Number(mandate.maxAmount),
    limit: Number(mandate.maxAmount),
    frequency: mandate.frequency,
    ...(typeof debitDay === 'number' ? { debitDay } : {}),
  };
}

interface ApplicationRow {
  details: Record<string, unknown> | string | null;
  user_stage: string | null;
  stage: string;
  journey_flag: boolean;
  product_id: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const json = (value: Record<string, unknown> | string | null) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown> | null;

/**
 * Saves the mandate into its application, server-side (the gateway is the authority, no
 * browser version is needed): eMandateDetails.primary, over what the step saved there (its
 * choice, its debit day), and a new version. A registration moves userStage on to
 * emandate-details, never back. A submitted application is not changed; one holding another
 * registered mandate keeps it unless this one is registered too (a new account replaces it).
 */
async function saveIntoApplication(
  tx: Queryable,
  mandate: Mandate,
): Promise<{ version?: number; productId?: string }> {
  const { rows } = await tx.query<ApplicationRow>(
    `SELECT state->'eMandateDetails' AS details, state->>'userStage' AS user_stage, stage, journey_flag, product_id
     FROM applications WHERE application_number = $1 FOR UPDATE`,
    [mandate.applicationNumber],
  );
  const row = rows[0];
  if (!row) return {};
  const productId = row.product_id;
  if (row.journey_flag) return { productId };
  const primary = json(row.details)?.primary;
  const current = isObject(primary) ? primary : undefined;
  if (
    current?.status === 'success' &&
    current.mandateId !== mandate.mandateId &&
    mandate.status !== 'success'
  ) {
    return { productId };
  }
  // A registration moves the stage on to the mandate's, never back (engine/state/stageOrder.ts).
  const stage = row.user_stage ?? row.stage;
  const movesOn = mandate.status === 'success' && furtherStage(stage, MANDATE_STAGE) !== stage;
  const updated = await tx.query<{ version: number }>(
    `UPDATE applications SET
       state = jsonb_set(
         state || $3::jsonb,
         '{eMandateDetails}',
         CASE WHEN jsonb_typeof(state->'eMandateDetails') = 'object' THEN state->'eMandateDetails' ELSE '{}'::jsonb END
           || $2::jsonb
       ),
       stage = COALESCE($4, stage),
       version = version + 1,
       updated_at = now()
     WHERE application_number = $1
     RETURNING version`,
    [
      mandate.applicationNumber,
      JSON.stringify({ primary: { ...current, ...eMandateDetailsOf(mandate) } }),
      JSON.stringify(movesOn ? { userStage: MANDATE_STAGE } : {}),
      movesOn ? MANDATE_STAGE : null,
    ],
  );
  return { productId, ...(updated.rows[0] ? { version: Number(updated.rows[0].version) } : {}) };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * Records a verified mandate answer, idempotently, in one transaction: the mandate row is
 * locked (SELECT … FOR UPDATE), so of many copies of one answer exactly one changes it and
 * its application; a replay finds it changed and changes nothing. A UMRN already recorded
 * for another mandate is refused.
 */
export async function settleMandate(db: Db, outcome: MandateOutcome): Promise<MandateSettlement> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await tx.query<MandateRow>(
        `SELECT ${MANDATE_COLUMNS} FROM mandates WHERE mandate_id = $1 FOR UPDATE`,
        [outcome.mandateId],
      );
      if (!locked.rows[0]) throw new MandateSettlementRefusal(`unknown mandate ${outcome.mandateId}`);
      const current = toMandate(locked.rows[0]);
      const status = nextMandateStatus(current.status, outcome.status);
      if (!status) {
        const productId = current.payload.productId;
        return { mandate: current, changed: false, ...(typeof productId === 'string' ? { productId } : {}) };
      }
      if (outcome.umrn) {
        const taken = await tx.query(`SELECT 1 FROM mandates WHERE umrn = $1 AND mandate_id <> $2`, [
          outcome.umrn,
          outcome.mandateId,
        ]);
        if (taken.rows.length) {
          throw new MandateSettlementRefusal(`UMRN ${outcome.umrn} is recorded for another mandate`);
        }
      }
      const { rows } = await tx.query<MandateRow>(
        `UPDATE mandates SET
           status = $2,
           umrn = COALESCE($3, umrn),
           payload = jsonb_set(payload, '{responses}', COALESCE(payload->'responses', '[]'::jsonb) || $4::jsonb),
           settled_at = CASE WHEN $2 = 'success' THEN now() ELSE settled_at END
         WHERE id = $1::bigint
         RETURNING ${MANDATE_COLUMNS}`,
        [
          current.id,
          status,
          outcome.umrn,
          JSON.stringify([{ receivedAt: new Date().toISOString(), fields: outcome.fields }]),
        ],
      );
      const mandate = toMandate(rows[0]!);
      const saved = await saveIntoApplication(tx, mandate);
      return {
        mandate,
        changed: true,
        ...(saved.version ? { applicationVersion: saved.version } : {}),
        ...(saved.productId ? { productId: saved.productId } : {}),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new MandateSettlementRefusal('UMRN recorded concurrently for another mandate');
    throw error;
  }
}
