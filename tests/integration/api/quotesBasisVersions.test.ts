import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetPricingSources } from '../../../src/server/api/quotes/pricingSources.ts';
import { build } from '../../../src/server/app.ts';
import { CAPABILITY_HEADER } from '../../../src/server/plugins/authenticate.ts';
import { createApplication, type CreatedApplication } from './applicationsFixtures.ts';
import { storedTables } from './quotesIllustrationFixtures.ts';
import { BI, createQuote, pdfText, quoteBody, type QuoteAnswerBody } from './quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Issue 21: a quote stores its inputs and the version of the pricing basis it was priced on,
 * not its illustration; the illustration is priced again from those when a PDF asks for it.
 * An analyst's later change of the plan's basis never changes an issued quote's
 * illustration, and a new quote is priced on the new basis.
 */

/** The plan's basis file as an analyst changed it: a higher interest rate, so a higher pension. */
const changed = vi.hoisted(() => ({ on: false }));

vi.mock('../../../src/plans/nodePlanSource.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/plans/nodePlanSource.ts')>();
  return {
    ...original,
    readPlanFile: <T>(code: string, file: string, root?: string): T => {
      const read = original.readPlanFile<T>(code, file, root);
      if (!changed.on || code !== 'T54' || file !== 'pricing-basis.json') return read;
      const basis = read as { interestRatePercent: number };
      return { ...basis, interestRatePercent: basis.interestRatePercent + 0.75 } as T;
    },
  };
});

const biUrl = (quoteNumber: string, applicationNumber: string) =>
  `${BI}?pdfType=BOTH&quoteNumber=${quoteNumber}&ApplicationNumber=${applicationNumber}`;

describe.each(DATABASES)('quotes priced on a basis version ($name)', (kind) => {
  let api: TestApi;
  let created: CreatedApplication;
  beforeAll(async () => {
    api = await createTestApi(kind);
    created = await createApplication(api);
  });
  afterEach(() => {
    changed.on = false;
    forgetPricingSources();
  });
  afterAll(() => api.close());

  const quote = () =>
    createQuote(api, quoteBody({}, {}, { ApplicationNumber: created.applicationNo }), created.capability);
  const illustration = async (answer: QuoteAnswerBody, app = api.app) => {
    const res = await app.inject({
      method: 'GET',
      url: biUrl(answer.data.quoteNumber, created.applicationNo),
      headers: { authorization: `Bearer ${await api.token()}`, [CAPABILITY_HEADER]: created.capability },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await pdfText(res.rawPayload)).text;
  };
  const versionOf = async (answer: QuoteAnswerBody) =>
    (
      await api.app.db.query<{ basis_version: string }>(
        'SELECT basis_version FROM quotes WHERE quote_number = $1',
        [answer.data.quoteNumber],
      )
    ).rows[0]!.basis_version;

  it('stores the inputs and figures and a basis version, not the illustration', async () => {
    const answer = await quote();
    const { rows } = await api.app.db.query<{ response: Record<string, unknown>; basis: unknown }>(
      `SELECT q.response, b.basis FROM quotes q JOIN pricing_bases b ON b.version = q.basis_version
       WHERE q.quote_number = $1`,
      [answer.data.quoteNumber],
    );
    const response =
      typeof rows[0]!.response === 'string' ? JSON.parse(rows[0]!.response) : rows[0]!.response;
    expect(Object.keys(response).sort()).toEqual(['answer', 'illustration', 'inputs']);
    expect(response.answer).toEqual(answer);
    expect(JSON.stringify(response).length).toBeLessThan(8_000);
    expect(rows[0]!.basis).toBeTruthy();
  });

  it('never changes an issued quote’s illustration when the basis changes; a new quote uses the new basis', async () => {
    const issued = await quote();
    const before = await illustration(issued);
    const tablesBefore = await storedTables(api, issued.data.quoteNumber);

    changed.on = true;
    forgetPricingSources();

    // A fresh instance on the same database: nothing of the issued quote is remembered in memory.
    const fresh = await build({ config: api.config, db: api.app.db, staticRoot: '/nonexistent' });
    try {
      expect(await illustration(issued, fresh)).toBe(before);
    } finally {
      await fresh.close();
    }
    expect(await illustration(issued)).toBe(before);
    expect(await storedTables(api, issued.data.quoteNumber)).toEqual(tablesBefore);

    const repriced = await quote();
    const pension = (answer: QuoteAnswerBody) =>
      answer.data.quotePlanSectionDetails.annuityInstallmentAmount as number;
    expect(pension(repriced)).toBeGreaterThan(pension(issued));
    expect(await versionOf(repriced)).not.toBe(await versionOf(issued));
    const after = await illustration(repriced);
    expect(after).not.toBe(before);
    const [schedule] = await storedTables(api, repriced.data.quoteNumber);
    expect(schedule!.rows.some((row) => row.guaranteedAnnuity === pension(repriced))).toBe(true);
  });
});
