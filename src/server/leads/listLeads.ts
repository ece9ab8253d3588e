import type { Queryable } from '../db/Db.ts';
import type { LeadKind, LeadRecord } from './recordLead.ts';

export interface LeadFilter {
  kind?: LeadKind;
  applicationNumber?: string;
  limit: number;
}

/** The newest leads first, for operations. */
export async function listLeads(db: Queryable, filter: LeadFilter): Promise<LeadRecord[]> {
  const { rows } = await db.query<{
    id: string;
    lead_id: string | null;
    kind: LeadKind;
    application_number: string | null;
    product_id: string | null;
    mobile: string | null;
    payload: unknown;
    created_at: Date | string;
  }>(
    `SELECT id::text AS id, lead_id, kind, application_number, product_id, mobile, payload, created_at
       FROM leads
      WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR application_number = $2)
      ORDER BY id DESC
      LIMIT $3`,
    [filter.kind ?? null, filter.applicationNumber ?? null, filter.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    kind: row.kind,
    applicationNumber: row.application_number,
    productId: row.product_id,
    mobile: row.mobile,
    payload: row.payload,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
