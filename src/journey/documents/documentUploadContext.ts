import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { DOCUMENT_KINDS, type DocumentKind, type Life } from '../../shared/documents/documentRules.ts';
import type { DocumentUploadContext } from '../../../widgets/proposal/DocumentUploadContext.ts';
import { MESSAGES } from '../messages.ts';
import { DOCUMENTS_PATH, uploadDocument } from './uploadDocument.ts';

/** Whose documents a step uploads, for which application: what the proposal page knows. */
export interface DocumentUploadSession {
  api: ApiClient;
  applicationNumber: string;
  /** The application's capability (the state's `capability`). */
  capability: string;
  life: Life;
  /** Compresses a photo before it is sent (tests pass their own); compressPhoto by default. */
  compress?: (photo: File) => Promise<File>;
}

/** The words for a failure that carries none of its own to show (a fault, not a refusal). */
function shown(error: unknown): Error {
  return error instanceof ApiFailure ? error : new Error(MESSAGES.notProcessed);
}

/**
 * The formContext a documents step gives its DocumentUploadFields (widgets/proposal/DocumentUploadContext.ts):
 * uploads and downloads bound to the application, its capability and the step's life. Make it
 * once per step (useMemo): StepForm hands RJSF a new formContext as a change of the form.
 */
export function documentUploadContext({
  api,
  applicationNumber,
  capability,
  life,
  compress,
}: DocumentUploadSession): DocumentUploadContext {
  return {
    upload: async (file, { kind, onProgress }) => {
      if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) throw new Error(MESSAGES.notProcessed);
      try {
        return await uploadDocument(api, file, {
          applicationNumber,
          capability,
          life,
          kind: kind as DocumentKind,
          onProgress,
          ...(compress ? { compress } : {}),
        });
      } catch (error) {
        throw shown(error);
      }
    },
    download: async (id) => {
      const query = new URLSearchParams({ applicationNumber });
      try {
        return await api.download(`${DOCUMENTS_PATH}/${encodeURIComponent(id)}?${query.toString()}`, {
          capability,
        });
      } catch (error) {
        throw shown(error);
      }
    },
  };
}
