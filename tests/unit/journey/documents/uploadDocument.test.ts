// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure, type ApiClient, type CallOptions } from '../../../../src/api/apiClient.ts';
import {
  uploadDocument,
  type UploadDocumentOptions,
} from '../../../../src/journey/documents/uploadDocument.ts';
import { DOCUMENT_MESSAGES } from '../../../../src/shared/documents/documentRules.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

interface Sent {
  path: string;
  body: unknown;
  options: CallOptions;
}

/** An API client that records the upload and answers as the server does (the opened answer). */
function fakeApi(
  answer: (sent: Sent) => unknown = ({ body }) => ({
    status: '200',
    id: 'x'.repeat(24),
    name: 'kept.pdf',
    type: 'application/pdf',
    size: (body as Blob).size,
  }),
) {
  const sent: Sent[] = [];
  const api: ApiClient = {
    post: async <T>(path: string, body: unknown, options: CallOptions = {}) => {
      const call = { path, body, options };
      sent.push(call);
      options.onUploadProgress?.((body as Blob).size / 2, (body as Blob).size);
      return answer(call) as T;
    },
    get: () => Promise.reject(new Error('no call expected')),
    download: () => Promise.reject(new Error('no call expected')),
  };
  return { api, sent };
}

const OPTIONS: UploadDocumentOptions = {
  applicationNumber: '9123456789',
  capability: 'cap-123',
  life: 'primary',
  kind: 'identity',
};

describe('uploadDocument', () => {
  it('sends a PDF as it is, plain, with the capability, and answers the stored reference', async () => {
    const { api, sent } = fakeApi();
    const pdf = file('Aadhaar card.pdf', 'application/pdf', 2 * MB);
    const compress = vi.fn();
    const progress: number[] = [];
    const answer = await uploadDocument(api, pdf, {
      ...OPTIONS,
      compress,
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(compress).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(
      '/buyonlineoauth/documents?applicationNumber=9123456789&life=primary&kind=identity&name=Aadhaar+card.pdf',
    );
    expect(sent[0]!.body).toBe(pdf);
    expect(sent[0]!.options).toMatchObject({
      capability: 'cap-123',
      plain: true,
      contentType: 'application/pdf',
    });
    expect(progress).toEqual([0.5, 1]);
    expect(answer).toEqual({ id: 'x'.repeat(24), name: 'kept.pdf', type: 'application/pdf', size: 2 * MB });
  });

  it('compresses a photo over 1 MB and sends the smaller file', async () => {
    const { api, sent } = fakeApi();
    const photo = file('camera.jpg', 'image/jpeg', 4 * MB);
    const smaller = file('camera.jpg', 'image/jpeg', 700_000);
    const compress = vi.fn(async () => smaller);
    await uploadDocument(api, photo, { ...OPTIONS, life: 'secondary', kind: 'address', compress });
    expect(compress).toHaveBeenCalledWith(photo);
    expect(sent[0]!.body).toBe(smaller);
    expect(sent[0]!.options.contentType).toBe('image/jpeg');
    expect(sent[0]!.path).toContain('life=secondary&kind=address&name=camera.jpg');
  });

  it('does not compress a photo of 1 MB or less', async () => {
    const { api, sent } = fakeApi();
    const photo = file('pan.png', 'image/png', MB);
    const compress = vi.fn();
    await uploadDocument(api, photo, { ...OPTIONS, compress });
    expect(compress).not.toHaveBeenCalled();
    expect(sent[0]!.body).toBe(photo);
  });

  it('sends a file the device gave no type as the type its extension claims', async () => {
    const { api, sent } = fakeApi();
    await uploadDocument(api, file('scan.pdf', '', 1000), OPTIONS);
    expect(sent[0]!.options.contentType).toBe('application/pdf');
  });

  it.each([
    ['a text file', 'notes.txt', 'text/plain', 100, DOCUMENT_MESSAGES.notADocument],
    ['an empty PDF', 'blank.pdf', 'application/pdf', 0, DOCUMENT_MESSAGES.empty],
    ['a PDF over 5 MB', 'big.pdf', 'application/pdf', 6 * MB, DOCUMENT_MESSAGES.tooLarge],
  ])('refuses %s before sending anything', async (_label, name, type, size, message) => {
    const { api, sent } = fakeApi();
    const failure = await uploadDocument(api, file(name, type, size), OPTIONS).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ message, fieldErrors: [{ field: 'file', message }] });
    expect(sent).toHaveLength(0);
  });

  it('refuses a photo still over 5 MB once compressed', async () => {
    const { api, sent } = fakeApi();
    const photo = file('huge.png', 'image/png', 9 * MB);
    const failure = await uploadDocument(api, photo, {
      ...OPTIONS,
      compress: async () => file('huge.png', 'image/png', 6 * MB),
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: DOCUMENT_MESSAGES.tooLarge });
    expect(sent).toHaveLength(0);
  });

  it("throws the server's refusal with its message", async () => {
    const { api } = fakeApi(() => {
      throw new ApiFailure(DOCUMENT_MESSAGES.notADocument, 415, [
        { field: 'file', message: DOCUMENT_MESSAGES.notADocument },
      ]);
    });
    await expect(uploadDocument(api, file('fake.pdf', 'application/pdf', 10), OPTIONS)).rejects.toMatchObject(
      {
        message: DOCUMENT_MESSAGES.notADocument,
        statusCode: 415,
      },
    );
  });
});
