import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../src/api/apiClient.ts';
import { createHttpClient } from '../../../src/api/httpClient.ts';
import { uploadDocument } from '../../../src/journey/documents/uploadDocument.ts';
import { MESSAGES } from '../../../src/server/api/applications/applicationMessages.ts';
import { DOCUMENT_MESSAGES } from '../../../src/shared/documents/documentRules.ts';
import {
  documentsOf,
  DOCUMENTS_PER_APPLICATION,
  KEPT_LATEST,
} from '../../../src/server/api/uploads/documentRepository.ts';
import { DOCUMENTS_PATH } from '../../../src/server/api/uploads/uploadRoutes.ts';
import { CAPABILITY_HEADER } from '../../../src/server/plugins/authenticate.ts';
import { createApplication, indiaDaysAgo, seed, type CreatedApplication } from './applicationsFixtures.ts';
import { JPEG, MB, PDF, pdfOfSize, png, PNG, TEXT_CALLED_PDF } from './documentFiles.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

interface UploadAnswer {
  status: string;
  id: string;
  name: string;
  type: string;
  size: number;
}

interface UploadOptions {
  applicationNumber?: string;
  capability?: string | null;
  life?: string;
  kind?: string;
  name?: string;
  contentType?: string | null;
}

function uploadUrl(
  applicationNumber: string,
  { life = 'primary', kind = 'identity', name = 'aadhaar.pdf' } = {},
) {
  const query = new URLSearchParams({ applicationNumber, life, kind, name });
  return `${DOCUMENTS_PATH}?${query.toString()}`;
}

const fileErrors = (message: string) => [{ field: 'file', message }];

describe.each(DATABASES)('document uploads ($name)', (kind) => {
  let api: TestApi;
  let created: CreatedApplication;

  beforeAll(async () => {
    api = await createTestApi(kind);
    created = await createApplication(api);
  });
  afterAll(() => api.close());

  async function headersFor(capability: string | null | undefined, contentType: string | null | undefined) {
    const headers: Record<string, string> = { authorization: `Bearer ${await api.token()}` };
    if (capability) headers[CAPABILITY_HEADER] = capability;
    if (contentType) headers['content-type'] = contentType;
    return headers;
  }

  async function upload(
    file: Buffer | undefined,
    options: UploadOptions = {},
    application: CreatedApplication = created,
  ): Promise<LightMyRequestResponse> {
    const { applicationNumber = application.applicationNo, contentType = 'application/pdf' } = options;
    const capability = options.capability === undefined ? application.capability : options.capability;
    return api.app.inject({
      method: 'POST',
      url: uploadUrl(applicationNumber, options),
      headers: await headersFor(capability, contentType),
      ...(file ? { payload: file } : {}),
    });
  }

  async function stored(
    file: Buffer,
    options: UploadOptions = {},
    application: CreatedApplication = created,
  ): Promise<UploadAnswer> {
    const res = await upload(file, options, application);
    expect(res.statusCode, res.body).toBe(201);
    return api.open<UploadAnswer>(res);
  }

  async function download(id: string, applicationNumber: string, capability: string | undefined) {
    return api.get(`${DOCUMENTS_PATH}/${id}?applicationNumber=${applicationNumber}`, { capability });
  }

  const countOf = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<{ count: string | number }>(
      'SELECT count(*) AS count FROM documents WHERE application_number = $1',
      [applicationNumber],
    );
    return Number(rows[0]!.count);
  };

  describe('stores a file and serves it back as it was', () => {
    it.each([
      ['a PDF', PDF, 'application/pdf', 'aadhaar.pdf', 'application/pdf'],
      ['a JPEG photo', JPEG, 'image/jpeg', 'pan-card.jpg', 'image/jpeg'],
      ['a PNG', PNG, 'image/png', 'passport.png', 'image/png'],
      [
        'a PDF sent as octet-stream',
        pdfOfSize(2000),
        'application/octet-stream',
        'payslip.pdf',
        'application/pdf',
      ],
    ])('%s', async (_label, file, sentAs, name, type) => {
      const answer = await stored(file, { contentType: sentAs, name, kind: 'address' });
      expect(answer).toEqual({
        status: '200',
        id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        name,
        type,
        size: file.length,
      });

      const res = await download(answer.id, created.applicationNo, created.capability);
      expect(res.statusCode, res.body).toBe(200);
      expect(Buffer.compare(res.rawPayload, file)).toBe(0);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-length']).toBe(String(file.length));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${name}"; filename*=UTF-8''${name}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('decides the type by content: a PNG named .pdf is served as the PNG it is', async () => {
      const answer = await stored(png(5, 5, 10), { name: 'scan.pdf', contentType: 'application/pdf' });
      expect(answer.type).toBe('image/png');
      const res = await download(answer.id, created.applicationNo, created.capability);
      expect(res.headers['content-type']).toBe('image/png');
    });

    it('keeps a name that could break the header only as safe text', async () => {
      const answer = await stored(png(6, 6, 11), { name: 'C:\\scans\\आधार "card"\r\n.png' });
      expect(answer.name).toBe('आधार "card".png');
      const res = await download(answer.id, created.applicationNo, created.capability);
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="____ _card_.png"; filename*=UTF-8''${encodeURIComponent('आधार "card".png')}`,
      );
    });

    it('keeps the same file for the same slot once, and answers the stored one', async () => {
      const file = png(7, 7, 12);
      const first = await stored(file, { life: 'secondary', kind: 'income' });
      const before = await countOf(created.applicationNo);
      const again = await upload(file, { life: 'secondary', kind: 'income', name: 'again.png' });
      expect(again.statusCode, again.body).toBe(200);
      expect(api.open<UploadAnswer>(again)).toEqual(first);
      expect(await countOf(created.applicationNo)).toBe(before);
      // The same bytes for another slot are another document.
      const other = await stored(file, { life: 'secondary', kind: 'address' });
      expect(other.id).not.toBe(first.id);
    });
  });

  describe('refuses, in plain words, and stores nothing', () => {
    it.each([
      ['a text file named .pdf', TEXT_CALLED_PDF, 'application/pdf', 415, DOCUMENT_MESSAGES.notADocument],
      [
        'a text file sent as octet-stream',
        TEXT_CALLED_PDF,
        'application/octet-stream',
        415,
        DOCUMENT_MESSAGES.notADocument,
      ],
      [
        'a body sent as JSON',
        Buffer.from('{"file":"x"}'),
        'application/json',
        415,
        DOCUMENT_MESSAGES.notADocument,
      ],
      ['a body sent as text', Buffer.from('%PDF-1.4'), 'text/plain', 415, DOCUMENT_MESSAGES.notADocument],
      ['a 6 MB file', pdfOfSize(6 * MB), 'application/pdf', 413, DOCUMENT_MESSAGES.tooLarge],
      ['a file a byte over 5 MB', pdfOfSize(5 * MB + 1), 'application/pdf', 413, DOCUMENT_MESSAGES.tooLarge],
      ['an empty body', Buffer.alloc(0), 'application/pdf', 400, DOCUMENT_MESSAGES.empty],
    ])('%s', async (_label, file, contentType, statusCode, message) => {
      const fresh = await createApplication(api);
      const res = await upload(file, { contentType }, fresh);
      expect(res.statusCode, res.body).toBe(statusCode);
      expect(res.json()).toMatchObject({
        status: 'Failed',
        statusCode,
        message,
        errors: fileErrors(message),
      });
      expect(await countOf(fresh.applicationNo)).toBe(0);
    });

    it('no body at all', async () => {
      const res = await upload(undefined, { contentType: null });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(DOCUMENT_MESSAGES.empty);
    });

    it('a file of exactly 5 MB is kept', async () => {
      const fresh = await createApplication(api);
      const answer = await stored(pdfOfSize(5 * MB), {}, fresh);
      expect(answer.size).toBe(5 * MB);
    });

    it('without the capability, or with another application’s', async () => {
      const other = await createApplication(api);
      const none = await upload(PDF, { capability: null });
      expect(none.statusCode, none.body).toBe(403);
      expect(none.json().message).toBe(MESSAGES.noCapability);
      const wrong = await upload(PDF, { capability: other.capability });
      expect(wrong.statusCode, wrong.body).toBe(403);
      const noToken = await api.app.inject({
        method: 'POST',
        url: uploadUrl(created.applicationNo),
        headers: { [CAPABILITY_HEADER]: created.capability, 'content-type': 'application/pdf' },
        payload: PDF,
      });
      expect(noToken.statusCode).toBe(401);
    });

    it('for a submitted application', async () => {
      const submitted = await createApplication(api);
      await seed(api, submitted.applicationNo, 'journey_flag = true');
      const res = await upload(PDF, {}, submitted);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(MESSAGES.submitted);
      expect(await countOf(submitted.applicationNo)).toBe(0);
    });

    it('for an expired application', async () => {
      const expired = await createApplication(api);
      await seed(api, expired.applicationNo, 'policy_start_date = $2', [indiaDaysAgo(31)]);
      const res = await upload(PDF, {}, expired);
      expect(res.statusCode, res.body).toBe(410);
      expect(res.json().message).toBe(MESSAGES.expired);
    });

    it('for an application that does not exist, even with a capability for its number', async () => {
      const number = '6000000001';
      const capability = api.app.tokens.issueCapability(number, 600);
      const res = await upload(PDF, { applicationNumber: number, capability });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(MESSAGES.unknownApplication);
    });

    it('whose life, kind or name is not one we know', async () => {
      const res = await upload(PDF, { life: 'tertiary', kind: 'selfie', name: '' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'life', message: DOCUMENT_MESSAGES.life },
          { field: 'kind', message: DOCUMENT_MESSAGES.kind },
          { field: 'name', message: DOCUMENT_MESSAGES.name },
        ]),
      );
    });

    it(`past ${DOCUMENTS_PER_APPLICATION} documents for one application (a stored one is still found)`, async () => {
      const full = await createApplication(api);
      const first = await stored(png(2, 2, 0), {}, full);
      // The saved application names it (so a new identity proof does not replace it), and the
      // other files are of another slot, which the identity proof's upload leaves alone.
      await api.app.db.query(
        `UPDATE applications SET state = jsonb_set(state, '{document}', $2::jsonb) WHERE application_number = $1`,
        [full.applicationNo, JSON.stringify({ primary: { identityProof: { id: first.id } } })],
      );
      await api.app.db.query(
        `INSERT INTO documents (id, application_number, life, kind, name, content_type, size, sha256, body)
         SELECT 'filler' || lpad(n::text, 18, '0'), $1, 'primary', 'address', 'bill.png', 'image/png', 3, md5(n::text), '\\x010203'::bytea
           FROM generate_series(2, $2) AS n`,
        [full.applicationNo, DOCUMENTS_PER_APPLICATION],
      );
      const res = await upload(png(2, 2, 200), {}, full);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        message: DOCUMENT_MESSAGES.tooMany,
        errors: fileErrors(DOCUMENT_MESSAGES.tooMany),
      });
      expect(await countOf(full.applicationNo)).toBe(DOCUMENTS_PER_APPLICATION);
      const again = await upload(png(2, 2, 0), {}, full);
      expect(again.statusCode, again.body).toBe(200);
      expect(api.open<UploadAnswer>(again).id).toBe(first.id);
    });
  });

  describe('keeps, per slot, what the saved application names and the latest uploads', () => {
    const status = async (id: string, application: CreatedApplication) =>
      (await download(id, application.applicationNo, application.capability)).statusCode;

    it(`a file replaced ${DOCUMENTS_PER_APPLICATION + 5} times never fills the application`, async () => {
      const busy = await createApplication(api);
      const uploads: UploadAnswer[] = [];
      for (let shade = 0; shade < DOCUMENTS_PER_APPLICATION + 5; shade++)
        uploads.push(await stored(png(2, 2, shade), {}, busy));
      expect(await countOf(busy.applicationNo)).toBe(KEPT_LATEST + 1);
      for (const [index, upload] of uploads.entries())
        expect([index, await status(upload.id, busy)]).toEqual([
          index,
          index >= uploads.length - KEPT_LATEST - 1 ? 200 : 404,
        ]);
    });

    it('the saved one stays however many newer files are chosen; other slots and lives are untouched', async () => {
      const saving = await createApplication(api);
      const saved = await stored(png(2, 2, 1), {}, saving);
      await api.app.db.query(
        `UPDATE applications SET state = jsonb_set(state, '{document}', $2::jsonb) WHERE application_number = $1`,
        [saving.applicationNo, JSON.stringify({ primary: { identityProof: { id: saved.id } } })],
      );
      const address = await stored(png(2, 2, 2), { kind: 'address' }, saving);
      const secondary = await stored(png(2, 2, 3), { life: 'secondary' }, saving);
      const newer = [];
      for (let shade = 10; shade < 15; shade++) newer.push(await stored(png(2, 2, shade), {}, saving));
      expect(await countOf(saving.applicationNo)).toBe(3 + KEPT_LATEST + 1);
      for (const id of [saved.id, address.id, secondary.id, ...newer.slice(-3).map((file) => file.id)])
        expect([id, await status(id, saving)]).toEqual([id, 200]);
      for (const file of newer.slice(0, -3))
        expect([file.id, await status(file.id, saving)]).toEqual([file.id, 404]);
    });

    it('a file saved under the old section name (documentUpload) stays too', async () => {
      const old = await createApplication(api);
      const saved = await stored(png(2, 2, 1), {}, old);
      await api.app.db.query(
        `UPDATE applications SET state = jsonb_set(state, '{documentUpload}', $2::jsonb) WHERE application_number = $1`,
        [old.applicationNo, JSON.stringify({ primary: { identityProof: { id: saved.id } } })],
      );
      for (let shade = 10; shade < 14; shade++) await stored(png(2, 2, shade), {}, old);
      expect(await status(saved.id, old)).toBe(200);
    });
  });

  describe('serves a document only to its application’s capability holder', () => {
    let mine: UploadAnswer;
    let other: CreatedApplication;
    beforeAll(async () => {
      mine = await stored(PDF, { name: 'mine.pdf', kind: 'income' });
      other = await createApplication(api);
    });

    it('refuses no capability and another application’s', async () => {
      expect((await download(mine.id, created.applicationNo, undefined)).statusCode).toBe(403);
      expect((await download(mine.id, created.applicationNo, other.capability)).statusCode).toBe(403);
    });

    it('does not find it through another application', async () => {
      const res = await download(mine.id, other.applicationNo, other.capability);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(DOCUMENT_MESSAGES.unknownDocument);
    });

    it('does not find an id it never gave', async () => {
      const res = await download('A'.repeat(24), created.applicationNo, created.capability);
      expect(res.statusCode, res.body).toBe(404);
      const malformed = await download('..%2F..%2Fetc', created.applicationNo, created.capability);
      expect(malformed.statusCode).toBe(400);
    });
  });

  it('documentsOf says which ids are stored for an application', async () => {
    const owner = await createApplication(api);
    const stranger = await createApplication(api);
    const identity = await stored(PDF, { kind: 'identity' }, owner);
    const income = await stored(JPEG, { life: 'secondary', kind: 'income', name: 'salary.jpg' }, owner);
    const theirs = await stored(PNG, {}, stranger);

    const found = await documentsOf(api.app.db, owner.applicationNo, [
      identity.id,
      income.id,
      theirs.id,
      'B'.repeat(24),
      identity.id,
    ]);
    expect([...found.keys()].sort()).toEqual([identity.id, income.id].sort());
    expect(found.get(income.id)).toEqual({
      id: income.id,
      life: 'secondary',
      kind: 'income',
      name: 'salary.jpg',
      type: 'image/jpeg',
      size: JPEG.length,
    });
    expect((await documentsOf(api.app.db, owner.applicationNo, [])).size).toBe(0);
  });

  describe('over a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      port = (api.app.server.address() as AddressInfo).port;
    });

    it('a cut-off upload stores nothing, and the server goes on', async () => {
      const fresh = await createApplication(api);
      const file = pdfOfSize(2 * MB);
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: uploadUrl(fresh.applicationNo),
        headers: {
          ...(await headersFor(fresh.capability, 'application/pdf')),
          'content-length': file.length,
        },
      });
      const ended = new Promise<void>((resolve) => {
        req.on('error', () => resolve());
        req.on('close', () => resolve());
      });
      await new Promise<void>((resolve) => req.write(file.subarray(0, MB), () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 100));
      req.destroy();
      await ended;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await countOf(fresh.applicationNo)).toBe(0);

      const whole = await stored(file, {}, fresh);
      expect(whole.size).toBe(file.length);
      expect(await countOf(fresh.applicationNo)).toBe(1);
    });

    it("the browser's uploadDocument stores a file through the API client, with its progress", async () => {
      const fresh = await createApplication(api);
      const client = createHttpClient({
        baseUrl: `http://127.0.0.1:${port}`,
        clientId: api.config.publicClientId,
        envelopePassword: api.config.envelopePassword,
      });
      const options = {
        applicationNumber: fresh.applicationNo,
        capability: fresh.capability,
        life: 'primary' as const,
        kind: 'address' as const,
      };
      const progress: number[] = [];
      const answer = await uploadDocument(
        client,
        new File([JPEG], 'electricity bill.jpg', { type: 'image/jpeg' }),
        {
          ...options,
          onProgress: (fraction) => progress.push(fraction),
        },
      );
      expect(answer).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        name: 'electricity bill.jpg',
        type: 'image/jpeg',
        size: JPEG.length,
      });
      expect(progress.at(-1)).toBe(1);
      const res = await download(answer.id, fresh.applicationNo, fresh.capability);
      expect(Buffer.compare(res.rawPayload, JPEG)).toBe(0);

      const refused = await uploadDocument(
        client,
        new File([TEXT_CALLED_PDF], 'address.pdf', { type: 'application/pdf' }),
        options,
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiFailure);
      expect(refused).toMatchObject({
        message: DOCUMENT_MESSAGES.notADocument,
        statusCode: 415,
        fieldErrors: fileErrors(DOCUMENT_MESSAGES.notADocument),
      });
    });

    it('a 6 MB upload hears the 413 and its words, not a broken connection', async () => {
      const fresh = await createApplication(api);
      const file = pdfOfSize(6 * MB);
      const headers = await headersFor(fresh.capability, 'application/pdf');
      const answer = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: uploadUrl(fresh.applicationNo),
            headers: { ...headers, 'content-length': file.length },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end(file);
      });
      expect(answer.statusCode, answer.body).toBe(413);
      expect(JSON.parse(answer.body).message).toBe(DOCUMENT_MESSAGES.tooLarge);
      expect(await countOf(fresh.applicationNo)).toBe(0);
    });
  });
});
