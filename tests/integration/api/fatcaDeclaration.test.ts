import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from './quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const PATH = '/buyonlineoauth/static/fatca-declaration.pdf';

describe('FATCA / CRS declaration document', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(DATABASES[0]!);
  });
  afterAll(() => api.close());

  const fetchPdf = (headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'GET', url: PATH, headers });

  it('is a public PDF with the self-certification an Indian insurer asks for', async () => {
    const res = await fetchPdf();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    for (const words of [
      'FATCA',
      'Common Reporting Standard',
      'Rules 114F, 114G and 114H of the Income-tax Rules, 1962',
      'Taxpayer Identification Number',
      'within 30 days',
      'Bimaflow Life Insurance Company Limited',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('is built once, tagged and cacheable: the same bytes again, 304 for a current tag', async () => {
    const first = await fetchPdf();
    const second = await fetchPdf();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(second.headers.etag).toBe(etag);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const notModified = await fetchPdf({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect((await fetchPdf({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });
});
