import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { DocumentType } from '../../../shared/documents/documentRules.ts';

/** What file-type names each kept type (an animated PNG is a PNG). */
const KEPT: Readonly<Record<string, DocumentType>> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/apng': 'image/png',
};

/**
 * The type of a file by what it holds (its magic bytes), when it is one we keep; never by
 * its name or the content type it was sent with, which say only what the sender claims.
 */
export async function documentTypeOf(bytes: Uint8Array): Promise<DocumentType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? KEPT[found.mime] : undefined;
}

/** The hex SHA-256 of a file: the same file stored twice for one slot is kept once. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
