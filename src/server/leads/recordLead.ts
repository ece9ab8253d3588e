import type { Db, Queryable } from '../db/Db.ts';
import { enqueue } from '../outbox/enqueue.ts';
import { newLeadId } from './newLeadId.ts';

/** Every push the journey and partners make; also the outbox topic of its message. */
export type LeadKind = 'crm' | 'basic' | 'sampark' | 'dristi' | 'stage-report' | 'callback';

export const LEAD_KINDS: readonly LeadKind[] = [
  'crm',
  'basic',
  'sampark',
  'dristi',
  'stage-report',
  'callback',
];

export interface LeadInput {
  kind: LeadKind;
  /** Give the record a fresh lead id (lead creations do; call-centre and stage reports don't). */
  withLeadId: boolean;
  applicationNumber?: string | null;
  productId?: string | null;
  mobile?: string | null;
  /** What was received, after validation. */
  payload: unknown;
}

/** A row of `leads` as the API and the outbox show it. */
export interface LeadRecord {
  id: string;
  leadId: string | null;
  kind: LeadKind;
  applicationNumber: string | null;
  productId: string | null;
  mobile: string | null;
  payload: unknown;
  createdAt: string;
}

/** Random lead ids collide once in billions; a few fresh draws settle it without aborting the transaction. */
const LEAD_ID_DRAWS = 5;

/** Inserts one lead row in the caller's transaction. */
export async function insertLead(tx: Queryable, input: LeadInput): Promise<LeadRecord> {
  for (let draw = 0; draw < LEAD_ID_DRAWS; draw++) {
    const leadId = input.withLeadId ? newLeadId() : null;
    const { rows } = await tx.query<{ id: string; created_at: Date | string }>(
      `INSERT INTO leads (lead_id, kind, application_number, product_id, mobile, payload)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (lead_id) DO NOTHING
       RETURNING id::text AS id, created_at`,
      [
        leadId,
        input.kind,
        input.applicationNumber ?? null,
        input.productId ?? null,
        input.mobile ?? null,
        JSON.stringify(input.payload),
      ],
    );
    const row = rows[0];
    if (row) {
      return {
        id: row.id,
        leadId,
        kind: input.kind,
        applicationNumber: input.applicationNumber ?? null,
        productId: input.productId ?? null,
        mobile: input.mobile ?? null,
        payload: input.payload,
        createdAt: new Date(row.created_at).toISOString(),
      };
    }
  }
  throw new Error(`no free lead id after ${LEAD_ID_DRAWS} draws`);
}

/**
 * Records a push and its outbox message in one transaction, so an acknowledged push is
 * always delivered later and a rejected one leaves nothing behind.
 */
export async function recordPush(db: Db, input: LeadInput): Promise<LeadRecord> {
  return db.transaction((tx) => pushLead(tx, input));
}

/** One push and its outbox message, in the caller's transaction (a create that records its lead). */
export async function pushLead(tx: Queryable, input: LeadInput): Promise<LeadRecord> {
  const lead = await insertLead(tx, input);
  await enqueue(tx, { topic: lead.kind, recordId: lead.id, payload: lead });
  return lead;
}

/** What the applications table knows of an application, for leads that only name it. */
export async function applicationFacts(
  tx: Queryable,
  applicationNumber: string | null | undefined,
): Promise<{ productId: string | null; mobile: string | null }> {
  if (!applicationNumber) return { productId: null, mobile: null };
  const { rows } = await tx.query<{ product_id: string; holder_mobile: string | null }>(
    'SELECT product_id, holder_mobile FROM applications WHERE application_number = $1',
    [applicationNumber],
  );
  return { productId: rows[0]?.product_id ?? null, mobile: rows[0]?.holder_mobile ?? null };
}
