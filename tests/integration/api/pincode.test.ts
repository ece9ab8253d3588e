import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pincodeRecords, type PincodeRecord } from '../../../src/server/api/pincode/pincodeMaster.ts';
import { PINCODE_BATCH_SIZE, seedPincodes } from '../../../src/server/api/pincode/seedPincodes.ts';
import { createPostgresDb } from '../../../src/server/db/postgresDb.ts';
import type { Db } from '../../../src/server/db/Db.ts';
import { sealBrowser } from '../../../src/shared/envelope/browserEnvelope.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const PATH = '/buyonline_pincodemaster/';
const FIELD_MESSAGE = 'Please enter valid pincode.';

const countPincodes = async (db: Db) =>
  (
    await db.query<{ rows: number; pincodes: number }>(
      'SELECT count(*)::int AS rows, count(DISTINCT pincode)::int AS pincodes FROM pincodes',
    )
  ).rows[0]!;

describe.each(DATABASES)('pincode master and lookup ($name)', (kind) => {
  let api: TestApi;
  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
  const lookup = (body: unknown, headers: Record<string, string>) =>
    api.app.inject({ method: 'POST', url: PATH, headers, payload: body as object });

  // One seeded app per database kind: seeding happens while it starts.
  beforeAll(async () => {
    api = await createTestApi(kind, { seedPincodes: true });
  }, 60_000);
  afterAll(() => api.close());

  describe('seeding', () => {
    it('loads every India Post pincode once, city and state title-cased, district as published', async () => {
      const { rows, pincodes } = await countPincodes(api.app.db);
      expect(pincodes).toBeGreaterThanOrEqual(18_000);
      expect(rows).toBe(pincodes);
      const shouting = await api.app.db.query(
        "SELECT pincode FROM pincodes WHERE city = upper(city) OR state = upper(state) OR pincode !~ '^[0-9]{6}$'",
      );
      expect(shouting.rows).toEqual([]);
      const { rows: portBlair } = await api.app.db.query(
        "SELECT pincode, city, district, state FROM pincodes WHERE pincode = '744101'",
      );
      expect(portBlair).toEqual([
        {
          pincode: '744101',
          city: 'South Andaman',
          district: 'Port Blair',
          state: 'Andaman & Nicobar Islands',
        },
      ]);
    });

    it('does nothing when the table is already filled', async () => {
      const before = await countPincodes(api.app.db);
      let read = false;
      const result = await seedPincodes(api.app.db, () => {
        read = true;
        return [];
      });
      expect(result.inserted).toBe(0);
      expect(read).toBe(false); // the dataset is not even read
      expect(await countPincodes(api.app.db)).toEqual(before);
    });

    it('lets two instances seed the same empty database at once without duplicates or failures', async () => {
      const empty = await createTestApi(kind); // seeding off: an empty pincodes table
      let second: Db = empty.app.db;
      if (empty.config.databaseUrl) {
        second = await createPostgresDb(empty.config.databaseUrl, { schema: empty.config.databaseSchema });
      }
      try {
        let reads = 0;
        const load = () => {
          reads++;
          return pincodeRecords();
        };
        const results = await Promise.all([seedPincodes(empty.app.db, load), seedPincodes(second, load)]);
        const { rows, pincodes } = await countPincodes(empty.app.db);
        expect(rows).toBe(pincodes);
        expect(results.map((r) => r.inserted).sort((a, b) => a - b)).toEqual([0, pincodes]);
        expect(reads).toBe(1); // the second waited for the first's lock, then found the rows
      } finally {
        if (second !== empty.app.db) await second.close();
        await empty.close();
      }
    }, 60_000);

    it('seeds the whole master, batch by batch as the dataset is read, into an empty table', async () => {
      const empty = await createTestApi(kind); // seeding off: an empty pincodes table
      try {
        let expected = 0;
        for await (const _record of pincodeRecords()) expected++;
        expect(expected).toBeGreaterThan(3 * PINCODE_BATCH_SIZE); // several batches, one partly filled
        const { inserted } = await seedPincodes(empty.app.db);
        expect(inserted).toBe(expected);
        expect(await countPincodes(empty.app.db)).toEqual({ rows: expected, pincodes: expected });
        // The same master as the seeded app's, row for row.
        const sample =
          "SELECT pincode, city, district, state FROM pincodes WHERE pincode IN ('744101', '452009', '110001') ORDER BY pincode";
        expect((await empty.app.db.query(sample)).rows).toEqual((await api.app.db.query(sample)).rows);
      } finally {
        await empty.close();
      }
    }, 60_000);

    it('is all or nothing: a dataset that fails part way, or a row the table refuses, leaves it empty', async () => {
      const empty = await createTestApi(kind);
      try {
        const records: PincodeRecord[] = [];
        for await (const record of pincodeRecords()) {
          records.push(record);
          if (records.length === 2 * PINCODE_BATCH_SIZE + 10) break;
        }
        // Two batches are inserted before the dataset breaks off in the third.
        async function* breaksOff() {
          yield* records;
          throw new Error('the dataset could not be read to its end');
        }
        await expect(seedPincodes(empty.app.db, breaksOff)).rejects.toThrow('could not be read to its end');
        expect(await countPincodes(empty.app.db)).toEqual({ rows: 0, pincodes: 0 });

        // A row with no city (NOT NULL) in the third batch fails its INSERT after two went in.
        const refused = [...records, { ...records[0]!, pincode: '999999', city: null as unknown as string }];
        await expect(seedPincodes(empty.app.db, () => refused)).rejects.toMatchObject({ code: '23502' });
        expect(await countPincodes(empty.app.db)).toEqual({ rows: 0, pincodes: 0 });

        // Nothing was left half-done: the next start seeds it whole.
        const { inserted } = await seedPincodes(empty.app.db);
        expect(inserted).toBe((await countPincodes(api.app.db)).rows);
      } finally {
        await empty.close();
      }
    }, 60_000);

    it('answers a lookup from the primary-key index', async () => {
      const { rows } = await api.app.db.query<{ 'QUERY PLAN': string }>(
        'EXPLAIN SELECT pincode, city, district, state FROM pincodes WHERE pincode = $1',
        ['452009'],
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('pincodes_pkey');
    });
  });

  describe('lookup', () => {
    it.each([
      ['452009', 'Indore', 'Indore', 'Madhya Pradesh'],
      ['400021', 'Mumbai', 'Mumbai', 'Maharashtra'],
      ['110001', 'New Delhi', 'Chanakya Puri', 'Delhi'],
    ])(
      'finds %s (%s, %s) with a Bearer token and an enveloped body',
      async (pincode, city, district, state) => {
        const res = await api.post(PATH, { pincode });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=86400');
        expect(res.json()).toEqual([{ pincode, city, district, state }]);
      },
    );

    it('takes a plain JSON body too', async () => {
      const res = await api.post(PATH, { pincode: '400021' }, { seal: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatchObject({ city: 'Mumbai', state: 'Maharashtra' });
    });

    it('accepts Basic authorization with the public client id and no secret', async () => {
      const headers = { authorization: basic(`${api.config.publicClientId}:`) };
      const plain = await lookup({ pincode: '452009' }, headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.json()[0]).toMatchObject({ city: 'Indore', state: 'Madhya Pradesh' });
      const sealed = await lookup(
        { data: sealBrowser(api.config.envelopePassword, { pincode: '452009' }) },
        headers,
      );
      expect(sealed.statusCode).toBe(200);
    });

    it('answers an unknown pincode with 404 and the spec message', async () => {
      const res = await api.post(PATH, { pincode: '000000' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({
        status: 'Failed',
        message: 'Please enter valid pincode',
        errors: [{ field: 'pincode', message: FIELD_MESSAGE }],
      });
    });

    it.each([
      ['five digits', { pincode: '45200' }],
      ['seven digits', { pincode: '4520091' }],
      ['letters', { pincode: '45200a' }],
      ['spaces', { pincode: ' 452009' }],
      ['empty', { pincode: '' }],
      ['missing', {}],
      ['an object', { pincode: { code: '452009' } }],
      ['a short number', { pincode: 45200 }],
      ['null', { pincode: null }],
    ])('refuses a malformed pincode (%s) with 400 and the field message', async (_case, body) => {
      const res = await api.post(PATH, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 'Failed',
        message: FIELD_MESSAGE,
        errors: [{ field: 'pincode', message: FIELD_MESSAGE }],
      });
    });

    it('refuses a tampered or malformed envelope with the uniform 400', async () => {
      const sealed = sealBrowser(api.config.envelopePassword, { pincode: '452009' });
      const tampered = (sealed[0] === '0' ? '1' : '0') + sealed.slice(1); // another salt, another key
      for (const data of [tampered, 'not-an-envelope']) {
        const res = await api.post(PATH, { data }, { seal: false });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 'Failed', message: 'The request could not be read.' });
      }
    });

    it.each([
      ['no authorization', undefined],
      ['a forged Bearer token', 'Bearer eyJ0eXAiOiJhY2Nlc3MifQ.AAAA'],
      ['Basic with another client id', basic('mallory:')],
      ['Basic with the public client id and a secret', basic('bimaflow-web:guess')],
      ['a confidential client over Basic', basic('crm:crm-secret')],
      ['another scheme', 'Digest username="bimaflow-web"'],
    ])('refuses %s with 401 before reading the body', async (_case, authorization) => {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const res = await lookup({ data: 'not-an-envelope' }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'Failed' });
      expect(res.body).not.toContain('at ');
    });
  });
});
