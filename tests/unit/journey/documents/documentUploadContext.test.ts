// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure, type ApiClient, type CallOptions } from '../../../../src/api/apiClient.ts';
import { documentUploadContext } from '../../../../src/journey/documents/documentUploadContext.ts';
import { MESSAGES } from '../../../../src/journey/messages.ts';

const ID = 'q3B0mXb1Yv8cKp2dRz7tWn4L';

function fakeApi(
  post: ApiClient['post'],
  download: ApiClient['download'] = () => Promise.resolve(new Blob()),
) {
  return { post, download, get: () => Promise.reject(new Error('no call expected')) } as ApiClient;
}

const SESSION = { applicationNumber: '9123456789', capability: 'cap-123', life: 'secondary' } as const;

describe('documentUploadContext', () => {
  it('uploads as the session’s application and life, of the kind the field asks for', async () => {
    const calls: Array<{ path: string; options: CallOptions }> = [];
    const api = fakeApi(async <T>(path: string, body: unknown, options: CallOptions = {}) => {
      calls.push({ path, options });
      options.onUploadProgress?.(5, 10);
      return { id: ID, name: 'pan.pdf', type: 'application/pdf', size: (body as Blob).size } as T;
    });
    const progress = vi.fn();
    const context = documentUploadContext({ api, ...SESSION });
    const stored = await context.upload(new File(['%PDF-1.7'], 'pan.pdf', { type: 'application/pdf' }), {
      kind: 'address',
      onProgress: progress,
    });
    expect(stored).toEqual({ id: ID, name: 'pan.pdf', type: 'application/pdf', size: 8 });
    expect(calls[0]!.path).toBe(
      '/buyonlineoauth/documents?applicationNumber=9123456789&life=secondary&kind=address&name=pan.pdf',
    );
    expect(calls[0]!.options.capability).toBe('cap-123');
    expect(progress).toHaveBeenCalledWith(0.5);
  });

  it('keeps the server’s words, and says a fault in the journey’s', async () => {
    const refused = new ApiFailure('This application is already submitted.', 409);
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    const request = { kind: 'identity', onProgress: () => {} };
    await expect(
      documentUploadContext({ api: fakeApi(() => Promise.reject(refused)), ...SESSION }).upload(pdf, request),
    ).rejects.toBe(refused);
    await expect(
      documentUploadContext({
        api: fakeApi(() => Promise.reject(new TypeError('x is undefined'))),
        ...SESSION,
      }).upload(pdf, request),
    ).rejects.toThrow(MESSAGES.notProcessed);
    await expect(
      documentUploadContext({ api: fakeApi(() => Promise.reject(refused)), ...SESSION }).upload(pdf, {
        ...request,
        kind: 'passport',
      }),
    ).rejects.toThrow(MESSAGES.notProcessed);
  });

  it('downloads a kept document with the capability', async () => {
    const blob = new Blob(['%PDF']);
    const download = vi.fn((_path: string, _options?: CallOptions) => Promise.resolve(blob));
    const context = documentUploadContext({
      api: fakeApi(() => Promise.reject(new Error('no')), download),
      ...SESSION,
    });
    expect(await context.download(ID)).toBe(blob);
    expect(download).toHaveBeenCalledWith(`/buyonlineoauth/documents/${ID}?applicationNumber=9123456789`, {
      capability: 'cap-123',
    });
  });
});
