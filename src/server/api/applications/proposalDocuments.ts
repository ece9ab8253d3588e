import type { Queryable } from '../../db/Db.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { documentsOf } from '../uploads/documentRepository.ts';
import { LIVES, type DocumentKind } from '../../../shared/documents/documentRules.ts';

/*
 * The documents a proposal names (document.primary|secondary, docs/design/proposal.md
 * "Documents") must be files stored for this application, by the life and kind of their place:
 * a reference to another application's document, to none, or to a file uploaded as another
 * proof, is refused where it stands, in the documents schema's words.
 */

/** Each place of a life's documents and the kind of file it holds. */
const KIND_OF_PLACE: Readonly<Record<string, DocumentKind>> = {
  identityProof: 'identity',
  addressProof: 'address',
  incomeProof: 'income',
};

/** common/steps/proposal/documents.schema.json's message for a reference without a stored file. */
export const UPLOAD_AGAIN = 'Please upload this document again';

type Json = Record<string, unknown>;

/**
 * The documents sections as the server knows them: every reference a stored file of this
 * application by its place's life and kind, with that file's name, type and size (not the
 * browser's words), and no `submitted` flag (only the submission sets it); a field error at
 * every reference that is not.
 */
export async function storedDocuments(
  db: Queryable,
  applicationNumber: string,
  document: unknown,
): Promise<{ document: Json | undefined; errors: FieldError[] }> {
  if (!document || typeof document !== 'object') return { document: undefined, errors: [] };
  const references = LIVES.flatMap((life) => {
    const documents = (document as Json)[life];
    if (!documents || typeof documents !== 'object') return [];
    return Object.entries(KIND_OF_PLACE).flatMap(([place, kind]) => {
      const id = ((documents as Json)[place] as Json | undefined)?.id;
      return typeof id === 'string' ? [{ field: `document.${life}.${place}`, id, life, kind, place }] : [];
    });
  });
  const stored = await documentsOf(
    db,
    applicationNumber,
    references.map(({ id }) => id),
  );
  const errors = references
    .filter(({ id, life, kind }) => stored.get(id)?.life !== life || stored.get(id)?.kind !== kind)
    .map(({ field }) => ({ field, message: UPLOAD_AGAIN }));
  const known: Json = {};
  for (const [life, documents] of Object.entries(document as Json)) {
    if (!documents || typeof documents !== 'object') continue;
    const { submitted: _submitted, ...rest } = documents as Json;
    known[life] = rest;
  }
  for (const { id, life, place } of references) {
    const file = stored.get(id);
    if (file) (known[life] as Json)[place] = { id, name: file.name, type: file.type, size: file.size };
  }
  return { document: known, errors };
}
