import type { Queryable } from '../db/Db.ts';
import type { ConsentDefinition } from '../../shared/consents.ts';

/** Where a consent row was given: the form's boxes (create or a save), or the consent route. */
export type ConsentSource = 'basic-details' | 'preferences';

/** The consent in force for one kind: the newest row. */
export interface ConsentState {
  granted: boolean;
  version: string;
  recordedAt: string;
}

/** A row to append. */
export interface ConsentRow {
  kind: string;
  granted: boolean;
  /** The wording it was given to (its version is the row's). */
  wording: Pick<ConsentDefinition, 'kind' | 'version' | 'wording'>;
}

/** An application's product and the consents in force, by kind; undefined when there is no such application. */
export interface ApplicationConsents {
  productId: string;
  mobile: string | null;
  consents: Map<string, ConsentState>;
}

interface LatestRow {
  product_id: string;
  holder_mobile: string | null;
  kind: string | null;
  granted: boolean | null;
  wording_version: string | null;
  recorded_at: Date | string | null;
}

/** One statement: the application's product and mobile, and the newest row of each consent kind. */
export async function consentsOf(
  db: Queryable,
  applicationNumber: string,
): Promise<ApplicationConsents | undefined> {
  const { rows } = await db.query<LatestRow>(
    `SELECT a.product_id, a.holder_mobile, c.kind, c.granted, c.wording_version, c.recorded_at
       FROM applications a
       LEFT JOIN LATERAL (
         SELECT DISTINCT ON (kind) kind, granted, wording_version, recorded_at
           FROM consents WHERE application_number = a.application_number
          ORDER BY kind, id DESC) c ON true
      WHERE a.application_number = $1`,
    [applicationNumber],
  );
  if (!rows[0]) return undefined;
  const consents = new Map<string, ConsentState>();
  for (const row of rows) {
    if (row.kind === null) continue;
    consents.set(row.kind, {
      granted: row.granted === true,
      version: row.wording_version!,
      recordedAt: new Date(row.recorded_at!).toISOString(),
    });
  }
  return { productId: rows[0].product_id, mobile: rows[0].holder_mobile, consents };
}

/**
 * Appends consent rows of one application, in the caller's transaction, with the wordings
 * they were given to (each wording is kept once, by version). Answers the last row's id and the time recorded.
 */
export async function appendConsents(
  tx: Queryable,
  applicationNumber: string,
  source: ConsentSource,
  rows: readonly ConsentRow[],
): Promise<{ id: string; recordedAt: string } | undefined> {
  if (rows.length === 0) return undefined;
  await tx.query(
    `INSERT INTO consent_wordings (version, kind, wording)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (version) DO NOTHING`,
    [rows.map((r) => r.wording.version), rows.map((r) => r.wording.kind), rows.map((r) => r.wording.wording)],
  );
  const { rows: inserted } = await tx.query<{ id: string; recorded_at: Date | string }>(
    `INSERT INTO consents (application_number, kind, granted, wording_version, source)
     SELECT $1, kind, granted, version, $2 FROM unnest($3::text[], $4::boolean[], $5::text[]) AS r(kind, granted, version)
     RETURNING id::text AS id, recorded_at`,
    [
      applicationNumber,
      source,
      rows.map((r) => r.kind),
      rows.map((r) => r.granted),
      rows.map((r) => r.wording.version),
    ],
  );
  const last = inserted[inserted.length - 1]!;
  return { id: last.id, recordedAt: new Date(last.recorded_at).toISOString() };
}

/**
 * The consents in force of the application an outbox message is about, by kind (true when
 * given): named by the message's `applicationNumber`, or for a lead row (`record_id` of a
 * lead topic) by the application it names or whose lead it is (the basic-details lead a
 * create records before the application has its number). Empty when it is about none.
 */
export async function consentsInForce(
  db: Queryable,
  about: { applicationNumber?: string | null; leadRowId?: string | null },
): Promise<Record<string, boolean>> {
  if (!about.applicationNumber && !about.leadRowId) return {};
  const { rows } = await db.query<{ kind: string; granted: boolean }>(
    `SELECT DISTINCT ON (kind) kind, granted FROM consents
      WHERE application_number = COALESCE($1::text, (
        SELECT COALESCE(l.application_number, (
                 SELECT a.application_number FROM applications a
                  WHERE a.lead_id = l.lead_id ORDER BY a.created_at DESC LIMIT 1))
          FROM leads l WHERE l.id = $2::bigint))
      ORDER BY kind, id DESC`,
    [about.applicationNumber ?? null, about.leadRowId ?? null],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.granted === true]));
}
