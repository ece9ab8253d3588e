import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import type { DocumentKind, DocumentType, Life } from '../../shared/documents/documentRules.ts';
import { compressPhoto } from './compressPhoto.ts';
import {
  chosenFileProblem,
  claimedDocumentType,
  needsCompression,
  sendableFileProblem,
} from './documentFileChecks.ts';

export const DOCUMENTS_PATH = '/buyonlineoauth/documents';

/** An upload's time limit: 5 MB over a slow mobile connection takes minutes, not the usual 30 seconds. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** What the server keeps of an uploaded document: the reference the documents step saves. */
export interface UploadedDocument {
  id: string;
  name: string;
  type: DocumentType;
  size: number;
}

export interface UploadDocumentOptions {
  applicationNumber: string;
  /** The application's capability (the state's `capability`). */
  capability: string;
  life: Life;
  kind: DocumentKind;
  /** How much of the file has been sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Compresses a photo (tests pass their own); compressPhoto by default. */
  compress?: (photo: File) => Promise<File>;
}

/** A refusal before anything is sent, shaped as the server's would be (field `file`). */
function refusal(message: string): ApiFailure {
  return new ApiFailure(message, 0, [{ field: 'file', message }]);
}

/** The upload's address: which application, whose document, which kind, and the file's name. */
export function uploadPath({ applicationNumber, life, kind }: UploadDocumentOptions, name: string): string {
  const query = new URLSearchParams({ applicationNumber, life, kind, name });
  return `${DOCUMENTS_PATH}?${query.toString()}`;
}

/**
 * Uploads one document of the proposal: checks the file (PDF, JPEG or PNG, not empty, at
 * most 5 MB), compresses a photo over 1 MB, and sends the file as it is with the
 * application's capability, telling `onProgress` how far it has got. Answers what the server
 * kept; throws an ApiFailure carrying the message to show (the server's, or the same words
 * when the browser refuses the file itself).
 */
export async function uploadDocument(
  api: ApiClient,
  file: File,
  options: UploadDocumentOptions,
): Promise<UploadedDocument> {
  const problem = chosenFileProblem(file);
  if (problem) throw refusal(problem);
  const sendable = needsCompression(file) ? await (options.compress ?? compressPhoto)(file) : file;
  const tooLarge = sendableFileProblem(sendable);
  if (tooLarge) throw refusal(tooLarge);

  const { onProgress } = options;
  const answer = await api.post<{ status?: string } & UploadedDocument>(
    uploadPath(options, file.name),
    sendable,
    {
      capability: options.capability,
      plain: true,
      contentType: claimedDocumentType(sendable) ?? claimedDocumentType(file) ?? 'application/octet-stream',
      timeoutMs: UPLOAD_TIMEOUT_MS,
      ...(onProgress
        ? { onUploadProgress: (sent, total) => onProgress(Math.min(1, sent / (total || sendable.size))) }
        : {}),
    },
  );
  onProgress?.(1);
  return { id: answer.id, name: answer.name, type: answer.type, size: answer.size };
}
