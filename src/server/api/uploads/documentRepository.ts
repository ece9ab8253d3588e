import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/Db.ts';
import type { DocumentKind, DocumentType, Life } from '../../../shared/documents/documentRules.ts';

/**
 * The SQL of the document store. A document is written by one INSERT holding its whole
 * body, so it is stored entirely or not at all; nothing else ever changes it.
 */
/** The uploads a slot keeps besides the one the saved application names, the newest first. */
export const KEPT_LATEST = 2;

/**
 * The most documents kept for one application: a backstop. A slot (life and kind) keeps only
 * the document the saved application names and its latest uploads (`store`), so six slots hold
 * 24 at most however often a buyer replaces a file.
 */
export const DOCUMENTS_PER_APPLICATION = 30;

/** A random, unguessable document id: 18 random bytes, 24 URL-safe characters. */
export const DOCUMENT_ID_PATTERN = '^[A-Za-z0-9_-]{24}$';

/** What names a stored document, without its bytes: what the upload answers and a stage save refers to. */
export interface DocumentSummary {
  id: string;
  life: Life;
  kind: DocumentKind;
  name: string;
  type: DocumentType;
  size: number;
}

export interface NewDocument {
  applicationNumber: string;
  life: Life;
  kind: DocumentKind;
  name: string;
  type: DocumentType;
  sha256: string;
  body: Buffer;
}

/** How a store went: a new document, the same file already kept for the slot, or no room/application. */
export type StoreOutcome =
  | { stored: 'new' | 'existing'; document: DocumentSummary }
  | { stored: 'none'; reason: 'full' | 'application' };

interface SummaryRow {
  id: string;
  life: Life;
  kind: DocumentKind;
  name: string;
  content_type: DocumentType;
  size: number;
}

const SUMMARY_COLUMNS = 'id, life, kind, name, content_type, size';

function toSummary(row: SummaryRow): DocumentSummary {
  return {
    id: row.id,
    life: row.life,
    kind: row.kind,
    name: row.name,
    type: row.content_type,
    size: Number(row.size),
  };
}

/** bytea comes back as a Buffer from pg and as a Uint8Array from PGlite's worker. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export interface DocumentRepository {
  /**
   * Stores a document for a live (not submitted) application with room for it; the one
   * already kept when the same bytes were stored for the same life and kind. The slot's
   * older files the saved application does not name are dropped (KEPT_LATEST stay). Uploads for one
   * application are taken one at a time, so the count is never overrun.
   */
  store(document: NewDocument): Promise<StoreOutcome>;
  /** A document of this application, with its bytes. */
  find(id: string, applicationNumber: string): Promise<(DocumentSummary & { body: Buffer }) | undefined>;
}

export function createDocumentRepository(db: Db): DocumentRepository {
  return {
    store: (document) =>
      db.transaction(async (tx) => {
        // Serialises the uploads of one application (two int4 keys: a space of their own).
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('documents'), hashtext($1))", [
          document.applicationNumber,
        ]);
        // Files replaced in the slot before the step was saved are nobody's: dropped, so that
        // replacing a document never fills the application. What the saved application names
        // (document.<life>.<place>.id, or its old name documentUpload) stays until a save names
        // another, and so do the slot's two latest uploads (a save may be naming one of them
        // as this upload arrives).
        await tx.query(
          `DELETE FROM documents d USING applications a
            WHERE d.application_number = $1 AND a.application_number = $1 AND NOT a.journey_flag
              AND d.life = $2 AND d.kind = $3 AND d.sha256 <> $4
              AND d.id NOT IN (SELECT id FROM documents
                                WHERE application_number = $1 AND life = $2 AND kind = $3
                                ORDER BY created_at DESC, id DESC LIMIT ${KEPT_LATEST})
              AND NOT jsonb_path_exists(a.state, '$.document.*.*.id ? (@ == $id)', jsonb_build_object('id', d.id))
              AND NOT jsonb_path_exists(a.state, '$.documentUpload.*.*.id ? (@ == $id)', jsonb_build_object('id', d.id))`,
          [document.applicationNumber, document.life, document.kind, document.sha256],
        );
        const { rows } = await tx.query<SummaryRow>(
          `INSERT INTO documents (id, application_number, life, kind, name, content_type, size, sha256, body)
           SELECT $1, application_number, $3, $4, $5, $6, $7, $8, $9
             FROM applications
            WHERE application_number = $2 AND NOT journey_flag
              AND (SELECT count(*) FROM documents WHERE application_number = $2) < $10
           ON CONFLICT (application_number, life, kind, sha256) DO NOTHING
           RETURNING ${SUMMARY_COLUMNS}`,
          [
            randomBytes(18).toString('base64url'),
            document.applicationNumber,
            document.life,
            document.kind,
            document.name,
            document.type,
            document.body.length,
            document.sha256,
            document.body,
            DOCUMENTS_PER_APPLICATION,
          ],
        );
        if (rows[0]) return { stored: 'new', document: toSummary(rows[0]) };
        return unstored(tx, document);
      }),

    async find(id, applicationNumber) {
      const { rows } = await db.query<SummaryRow & { body: Uint8Array }>(
        `SELECT ${SUMMARY_COLUMNS}, body FROM documents WHERE id = $1 AND application_number = $2`,
        [id, applicationNumber],
      );
      const row = rows[0];
      return row ? { ...toSummary(row), body: asBuffer(row.body) } : undefined;
    },
  };
}

/** Why nothing was inserted: the same file is kept already, the application has no room, or it is gone or submitted. */
async function unstored(tx: Queryable, document: NewDocument): Promise<StoreOutcome> {
  const { rows } = await tx.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM documents
      WHERE application_number = $1 AND life = $2 AND kind = $3 AND sha256 = $4`,
    [document.applicationNumber, document.life, document.kind, document.sha256],
  );
  if (rows[0]) return { stored: 'existing', document: toSummary(rows[0]) };
  const counted = await tx.query<{ count: string | number }>(
    'SELECT count(*) AS count FROM documents WHERE application_number = $1',
    [document.applicationNumber],
  );
  const full = Number(counted.rows[0]?.count ?? 0) >= DOCUMENTS_PER_APPLICATION;
  return { stored: 'none', reason: full ? 'full' : 'application' };
}

/**
 * Which of these document ids are stored for this application, each with what it is (whose,
 * which kind, its name, type and size); ids of other applications' documents, or of none,
 * are simply absent. The documents stage save and the proposal submission check the
 * references they are given with it.
 */
export async function documentsOf(
  db: Queryable,
  applicationNumber: string,
  ids: readonly string[],
): Promise<Map<string, DocumentSummary>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM documents WHERE application_number = $1 AND id = ANY($2::text[])`,
    [applicationNumber, [...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, toSummary(row)]));
}
