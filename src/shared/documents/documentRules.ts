/*
 * The rules of the documents a buyer uploads for the proposal, written once for the browser
 * (which checks a file before sending it) and the server (which decides again, by content).
 */

/** The kinds of file kept, by their content type. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The largest document kept: 5 MB, after the browser has compressed a photo. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** Whose document it is: the policyholder (primary life) or the second life. */
export const LIVES = ['primary', 'secondary'] as const;
export type Life = (typeof LIVES)[number];

/** What the document proves. */
export const DOCUMENT_KINDS = ['identity', 'address', 'income'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What the browser and the server say about a document, in plain words. */
export const DOCUMENT_MESSAGES = {
  notADocument: 'This file is not a PDF, JPEG or PNG. Please upload one of those.',
  tooLarge: 'This file is larger than 5 MB. Please upload a smaller file.',
  empty: 'This file is empty. Please upload the document again.',
  tooMany: 'You have uploaded the most documents we can keep for one application.',
  life: 'Please say whose document this is: primary or secondary.',
  kind: 'Please say which document this is: identity, address or income.',
  name: 'Please enter valid file name.',
  unknownDocument: 'No document with this id was found for this application.',
} as const;
