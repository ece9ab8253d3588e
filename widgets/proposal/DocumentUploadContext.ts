/*
 * What a DocumentUploadField needs from the page, given as RJSF's formContext (StepForm's
 * `formContext` prop). widgets/ cannot reach the API client (src/), so the page hands over the
 * two calls already bound to its application, capability and life:
 * src/journey/documents/documentUploadContext.ts makes them from
 * `{ api, applicationNumber, capability, life }`.
 */

/** A document the server keeps: the value of a DocumentUploadField, what the documents step saves. */
export type StoredDocument = {
  id: string;
  name: string;
  /** Its content type as the server decided it from the bytes: application/pdf, image/jpeg or image/png. */
  type: string;
  /** In bytes. */
  size: number;
};

/** A type alias, not an interface, so it is a Record<string, unknown> (StepForm's formContext) as it is. */
export type DocumentUploadContext = {
  /**
   * Uploads one chosen file as the document of `kind` (the field's ui:options.kind: identity,
   * address, income), telling `onProgress` how much has gone (0 to 1); answers what the server
   * kept. Rejects with an Error whose message is the words to show the buyer (a refused type
   * or size, in the browser's or the server's words).
   */
  upload: (
    file: File,
    request: { kind: string; onProgress: (fraction: number) => void },
  ) => Promise<StoredDocument>;
  /** The stored document's bytes, to show it: its route wants the capability in a header, so no plain link. */
  download: (id: string) => Promise<Blob>;
};

/** The context when formContext carries one, else undefined (a page that passed none: nothing can be uploaded). */
export function documentUploadContextOf(formContext: unknown): DocumentUploadContext | undefined {
  const context = formContext as Partial<DocumentUploadContext> | undefined;
  return typeof context?.upload === 'function' && typeof context.download === 'function'
    ? (context as DocumentUploadContext)
    : undefined;
}
