// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { ApiFailure, type ApiClient, type CallOptions } from '../../../src/api/apiClient.ts';
import { documentUploadContext } from '../../../src/journey/documents/documentUploadContext.ts';
import { DOCUMENT_MESSAGES } from '../../../src/shared/documents/documentRules.ts';
import { formValidator } from '../../../engine/validation/createFormValidator.ts';
import { localizeErrors } from '../../../engine/validation/localizeErrors.ts';
import { acceptedText, formatFileSize } from '../../../widgets/proposal/documentText.ts';
import { renderForm } from './formHarness.tsx';

/* One proof of the documents step (schemas/common/steps/proposal/documents.*.json), cut down. */
const schema: RJSFSchema = {
  type: 'object',
  required: ['documents'],
  properties: {
    documents: {
      type: 'object',
      required: ['identityProof'],
      properties: { identityProof: { $ref: '#/$defs/document', title: 'Proof of identity' } },
      errorMessage: { required: { identityProof: 'Please upload your proof of identity' } },
    } as RJSFSchema,
  },
  $defs: {
    document: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', minLength: 1 },
        name: { type: 'string' },
        type: { type: 'string', enum: ['application/pdf', 'image/jpeg', 'image/png'] },
        size: {
          type: 'integer',
          minimum: 1,
          maximum: 5242880,
          errorMessage: { maximum: 'Please upload a file of at most 5 MB' },
        },
      },
      errorMessage: { required: { id: 'Please upload this document again' } },
    } as RJSFSchema,
  },
};
const uiSchema: UiSchema = {
  documents: {
    'ui:label': false,
    identityProof: {
      'ui:field': 'DocumentUploadField',
      'ui:help': 'PAN card, Aadhaar, passport, voter ID or driving licence.',
      'ui:options': { accept: 'application/pdf,image/jpeg,image/png', maxBytes: 5242880, kind: 'identity' },
    },
  },
};

const MB = 1024 * 1024;
const ID = 'q3B0mXb1Yv8cKp2dRz7tWn4L';
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

interface Sent {
  path: string;
  body?: unknown;
  options: CallOptions;
}

/** An API client that holds each upload until the test answers it, having reported half of it sent. */
function fakeApi() {
  const sent: Sent[] = [];
  let answer: (result: unknown) => void = () => {};
  let refuse: (error: unknown) => void = () => {};
  const api: ApiClient = {
    post: <T,>(path: string, body: unknown, options: CallOptions = {}) => {
      sent.push({ path, body, options });
      options.onUploadProgress?.((body as Blob).size / 2, (body as Blob).size);
      return new Promise<T>((resolve, reject) => {
        answer = resolve as (result: unknown) => void;
        refuse = reject;
      });
    },
    get: () => Promise.reject(new Error('no call expected')),
    download: (path, options = {}) => {
      sent.push({ path, options });
      return Promise.resolve(new Blob(['%PDF'], { type: 'application/pdf' }));
    },
  };
  return {
    api,
    sent,
    answer: (result: unknown) => answer(result),
    refuse: (error: unknown) => refuse(error),
  };
}

function renderUpload(formData: unknown = {}, life: 'primary' | 'secondary' = 'secondary') {
  const fake = fakeApi();
  const validator = formValidator();
  const formContext = documentUploadContext({
    api: fake.api,
    applicationNumber: '9123456789',
    capability: 'cap-123',
    life,
  });
  const view = renderForm({
    schema,
    uiSchema,
    formData,
    formContext,
    formValidator: validator,
    transformErrors: (errors: RJSFValidationError[]) =>
      localizeErrors(errors, { validator, schema, formData, uiSchema }),
  });
  const input = document.getElementById('root_documents_identityProof__input') as HTMLInputElement;
  return { ...view, ...fake, input };
}

const proof = () => screen.getByRole('button', { name: /file Proof of identity/ }) as HTMLButtonElement;
const kept = (data: Record<string, unknown>) => (data.documents as Record<string, unknown>)?.identityProof;

afterEach(() => vi.unstubAllGlobals());

describe('DocumentUploadField', () => {
  it('shows its label, what it accepts and a Choose file button tied to them', () => {
    renderUpload();
    const button = proof();
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('Choose file');
    expect(button.getAttribute('aria-labelledby')).toBe(
      'root_documents_identityProof__action root_documents_identityProof__label',
    );
    const label = document.getElementById('root_documents_identityProof__label')!;
    expect(label.textContent).toBe('Proof of identity* (required)');
    expect(label.querySelector('.bf-required')!.getAttribute('aria-hidden')).toBe('true');
    const describedBy = button.getAttribute('aria-describedby')!.split(' ');
    const accepts = document.getElementById('root_documents_identityProof__accepts')!;
    expect(accepts.textContent).toBe('PDF, JPEG or PNG, up to 5 MB');
    expect(describedBy).toEqual(
      expect.arrayContaining([
        accepts.id,
        'root_documents_identityProof__upload-error',
        'root_documents_identityProof__error',
        'root_documents_identityProof__help',
      ]),
    );
    expect(document.getElementById('root_documents_identityProof__help')!.textContent).toBe(
      'PAN card, Aadhaar, passport, voter ID or driving licence.',
    );
    const input = document.getElementById('root_documents_identityProof__input')!;
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png');
  });

  it('uploads a chosen file as the life’s document of its kind, with progress, then shows it', async () => {
    const { user, input, sent, answer, lastData } = renderUpload();
    const passport = file('passport.pdf', 'application/pdf', 1.2 * MB);
    await user.upload(input, passport);

    expect(sent).toHaveLength(1);
    const query = new URL(sent[0]!.path, 'http://x').searchParams;
    expect(query.get('life')).toBe('secondary');
    expect(query.get('kind')).toBe('identity');
    expect(query.get('applicationNumber')).toBe('9123456789');
    expect(sent[0]!.options.capability).toBe('cap-123');

    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByText('Uploading…').getAttribute('aria-live')).toBe('polite');
    expect(proof().getAttribute('aria-disabled')).toBe('true');
    // The value stays as it was while the file goes.
    expect(kept(lastData())).not.toHaveProperty('id');

    await act(async () =>
      answer({ status: '200', id: ID, name: 'passport.pdf', type: 'application/pdf', size: passport.size }),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('passport.pdf · 1.2 MB')).toBeTruthy();
    expect(screen.getByText('Uploaded').getAttribute('aria-live')).toBe('polite');
    expect(proof().textContent).toBe('Replace file');
    expect(kept(lastData())).toEqual({
      id: ID,
      name: 'passport.pdf',
      type: 'application/pdf',
      size: passport.size,
    });
  });

  it('says why a file is refused, in the browser’s words, and sends nothing', async () => {
    const { input, sent, lastData } = renderUpload();
    // A phone's picker may offer any file whatever `accept` says.
    await userEvent.setup({ applyAccept: false }).upload(input, file('notes.txt', 'text/plain', 300));
    expect(sent).toHaveLength(0);
    const alert = document.getElementById('root_documents_identityProof__upload-error')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(DOCUMENT_MESSAGES.notADocument);
    expect(proof().getAttribute('aria-invalid')).toBe('true');
    expect(kept(lastData())).not.toHaveProperty('id');
  });

  it('says why the server refused a file, in its words, and keeps the document it had', async () => {
    const before = { id: ID, name: 'old.pdf', type: 'application/pdf', size: 2000 };
    const { user, input, refuse } = renderUpload({ documents: { identityProof: before } });
    expect(screen.getByText('old.pdf · 2 KB')).toBeTruthy();
    await user.upload(input, file('scan.pdf', 'application/pdf', 4 * MB));
    await act(async () => refuse(new ApiFailure(DOCUMENT_MESSAGES.tooLarge, 413)));
    expect(document.getElementById('root_documents_identityProof__upload-error')!.textContent).toBe(
      DOCUMENT_MESSAGES.tooLarge,
    );
    expect(screen.getByText('old.pdf · 2 KB')).toBeTruthy();
    expect(proof().textContent).toBe('Replace file');
  });

  it('shows the schema’s errors: a missing document, and a reference’s own', () => {
    const { form, unmount, lastData } = renderUpload();
    act(() => {
      form.current!.validateForm();
    });
    // RJSF has defaulted the missing document to {}: its `id` is what the schema finds missing.
    expect(kept(lastData())).toEqual({});
    expect(document.getElementById('root_documents_identityProof__upload-error')!.textContent).toBe(
      'Please upload your proof of identity',
    );
    expect(document.getElementById('root_documents_identityProof__error')!.textContent).toBe('');
    expect(proof().getAttribute('aria-invalid')).toBe('true');
    unmount();

    const tooLarge = { id: ID, name: 'big.pdf', type: 'application/pdf', size: 6 * MB };
    const second = renderUpload({ documents: { identityProof: tooLarge } });
    act(() => {
      second.form.current!.validateForm();
    });
    expect(document.getElementById('root_documents_identityProof__upload-error')!.textContent).toBe(
      'Please upload a file of at most 5 MB',
    );
  });

  it('shows a kept document through the API client (the capability goes in a header)', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    URL.createObjectURL = vi.fn(() => 'blob:shown');
    URL.revokeObjectURL = vi.fn();
    const stored = { id: ID, name: 'passport.pdf', type: 'application/pdf', size: 1000 };
    const { user, sent } = renderUpload({ documents: { identityProof: stored } }, 'primary');
    await user.click(screen.getByRole('button', { name: 'View Proof of identity' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:shown'));
    expect(tab.opener).toBeNull();
    expect(sent).toEqual([
      {
        path: `/buyonlineoauth/documents/${ID}?applicationNumber=9123456789`,
        options: { capability: 'cap-123' },
      },
    ]);
  });
});

describe('the words about files', () => {
  it('say what a field accepts and how large a file is', () => {
    expect(acceptedText('application/pdf,image/jpeg,image/png', 5242880)).toBe(
      'PDF, JPEG or PNG, up to 5 MB',
    );
    expect(acceptedText('application/pdf', undefined)).toBe('PDF');
    expect(acceptedText(undefined, 2 * MB)).toBe('Up to 2 MB');
    expect(acceptedText(undefined, undefined)).toBeUndefined();
    expect(formatFileSize(850)).toBe('850 bytes');
    expect(formatFileSize(340 * 1024)).toBe('340 KB');
    expect(formatFileSize(1258291)).toBe('1.2 MB');
    expect(formatFileSize(MB - 10)).toBe('1 MB');
    expect(formatFileSize(5242880)).toBe('5 MB');
  });
});
