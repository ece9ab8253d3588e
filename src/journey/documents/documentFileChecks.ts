import {
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  type DocumentType,
} from '../../shared/documents/documentRules.ts';

/*
 * What the browser checks of a chosen file before sending it: that it is a PDF, JPEG or PNG
 * (by its MIME type, or by its extension when the device gives none), not empty, and not over
 * 5 MB once a photo has been compressed. The server decides again from the bytes themselves.
 */

/** A chosen file as far as these checks look at it (a File is one). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

/** Photos larger than this are compressed in the browser before they are sent. */
export const COMPRESS_ABOVE_BYTES = 1024 * 1024;

const BY_MIME: Readonly<Record<string, DocumentType>> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
};

const BY_EXTENSION: Readonly<Record<string, DocumentType>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/**
 * The document type a file says it is: its MIME type when the device gives a known one,
 * otherwise its extension (some phones give no type, or application/octet-stream).
 */
export function claimedDocumentType(file: ChosenFile): DocumentType | undefined {
  const byMime = BY_MIME[file.type.toLowerCase()];
  if (byMime) return byMime;
  if (file.type && file.type !== 'application/octet-stream') return undefined;
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[extension];
}

/** Whether a file is a photo to compress before sending: a JPEG or PNG over 1 MB (a PDF goes as it is). */
export function needsCompression(file: ChosenFile): boolean {
  const type = claimedDocumentType(file);
  return (type === 'image/jpeg' || type === 'image/png') && file.size > COMPRESS_ABOVE_BYTES;
}

/** Why a file cannot be sent as it is chosen: not a PDF, JPEG or PNG, or empty; undefined when it may. */
export function chosenFileProblem(file: ChosenFile): string | undefined {
  if (!claimedDocumentType(file)) return DOCUMENT_MESSAGES.notADocument;
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  if (file.size > MAX_DOCUMENT_BYTES && !needsCompression(file)) return DOCUMENT_MESSAGES.tooLarge;
  return undefined;
}

/** Why a file, compressed if it was a photo, cannot be sent: larger than 5 MB still. */
export function sendableFileProblem(file: ChosenFile): string | undefined {
  return file.size > MAX_DOCUMENT_BYTES ? DOCUMENT_MESSAGES.tooLarge : undefined;
}
