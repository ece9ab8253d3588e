import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxDispatcher } from '../../../src/server/outbox/createOutboxDispatcher.ts';
import { planFor } from '../../../src/server/plans/serverPlans.ts';
import { consentVersion, planConsents } from '../../../src/shared/consents.ts';
import {
  CONSENT_VERSIONS,
  createApplication,
  createBody,
  policyHolder,
  seed,
  uniqueMobile,
  type CreatedApplication,
} from './applicationsFixtures.ts';
import { startWebhook } from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * Consents (issue 19 item 13, docs/design/consents.md): every box recorded with the
 * application, given or not, with its wording's version and time; a change recorded as a
 * new row, from the form's boxes or the consent route; a stale or unknown wording refused
 * in a person's words; withdrawal open whatever the stage; the CRM told what is in force.
 */

const CREATE = '/buyonlineoauth/applications/create';
const BASIC_DETAILS = '/buyonlineoauth/stages/basic-details';
const CURRENT = '/buyonlineoauth/consents/current';
const CHANGE = '/buyonlineoauth/consents/change';
const STALE =
  'We have updated the wording of this consent since the page was loaded. Please reload the page, read it again and tick the box if you agree.';
const NOT_NAMED =
  'This consent cannot be recorded without the version of its wording that was shown. Please reload the page and tick the box again.';

const T54_CONSENTS = planConsents(planFor('T54')!);
const wordingOf = (kind: string) => T54_CONSENTS.find((consent) => consent.kind === kind)!;

interface ConsentRow {
  kind: string;
  granted: boolean;
  wording_version: string;
  source: string;
  wording: string;
}

describe.each(DATABASES)('consents ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  }, 60_000);
  afterAll(() => api.close());

  const rowsOf = async (applicationNumber: string) =>
    (
      await api.app.db.query<ConsentRow>(
        `SELECT c.kind, c.granted, c.wording_version, c.source, w.wording
           FROM consents c JOIN consent_wordings w ON w.version = c.wording_version
          WHERE c.application_number = $1 ORDER BY c.id`,
        [applicationNumber],
      )
    ).rows;
  const stateOf = async (applicationNumber: string) =>
    (
      await api.app.db.query<{
        state: { basicDetails: { policyHolder: Record<string, unknown> } };
        version: number;
      }>('SELECT state, version FROM applications WHERE application_number = $1', [applicationNumber])
    ).rows[0]!;
  const saveBasicDetails = (
    created: CreatedApplication,
    version: number,
    holder: Record<string, unknown>,
    consentVersions: Record<string, string> | undefined = CONSENT_VERSIONS,
  ) =>
    api.post(
      BASIC_DETAILS,
      {
        applicationNumber: created.applicationNo,
        version,
        basicDetails: { policyHolder: policyHolder(holder), insuredPerson: {} },
        productId: 'T54',
        ...(consentVersions ? { consentVersions } : {}),
      },
      { capability: created.capability },
    );
  const change = (
    created: CreatedApplication,
    body: Record<string, unknown>,
    capability = created.capability,
  ) => api.post(CHANGE, { applicationNumber: created.applicationNo, ...body }, { capability });

  it('records every box with the application, ticked or not, with the wording it was shown', async () => {
    const created = await createApplication(api, { mobileNumber: uniqueMobile(), whatsappDisclaimer: true });
    const rows = await rowsOf(created.applicationNo);
    expect(rows.map(({ kind: k, granted, source }) => ({ kind: k, granted, source }))).toEqual([
      { kind: 'contact', granted: true, source: 'basic-details' },
      { kind: 'whatsapp', granted: true, source: 'basic-details' },
      { kind: 'marketing', granted: false, source: 'basic-details' },
    ]);
    for (const row of rows) {
      // The version is the wording's own, and the wording stays readable beside it.
      expect(row.wording).toBe(wordingOf(row.kind).wording);
      expect(row.wording_version).toBe(consentVersion(row.wording));
    }
    expect(wordingOf('contact').wording).not.toMatch(/other products/);
    expect(wordingOf('marketing').wording).toMatch(/other products/);
  });

  it('refuses a box ticked to a wording that is not the plan’s now, or to none, and creates nothing', async () => {
    const cases = [
      // No versions at all: disclaimer 1, always ticked, is the first box without one.
      { consentVersions: undefined, field: 'consentVersions.contact', message: NOT_NAMED },
      {
        consentVersions: { ...CONSENT_VERSIONS, whatsapp: '0123456789abcdef' },
        field: 'basicDetails.policyHolder.whatsappDisclaimer',
        message: STALE,
      },
    ];
    for (const { consentVersions, field, message } of cases) {
      const mobileNumber = uniqueMobile();
      const body = createBody({ mobileNumber, whatsappDisclaimer: true }, { mobileNumber, consentVersions });
      const res = await api.post(CREATE, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
      const { rows } = await api.app.db.query('SELECT 1 FROM applications WHERE holder_mobile = $1', [
        mobileNumber,
      ]);
      expect(rows).toHaveLength(0);
    }
    // An optional box left unticked needs no version of its own: nothing was agreed to.
    const mobileNumber = uniqueMobile();
    const consentVersions = { contact: CONSENT_VERSIONS.contact! };
    const created = await api.post(CREATE, createBody({ mobileNumber }, { mobileNumber, consentVersions }));
    expect(created.statusCode, created.body).toBe(200);
  });

  it('records a box the basic details change as a new row, and nothing for a save that changes none', async () => {
    const created = await createApplication(api, { mobileNumber: uniqueMobile(), whatsappDisclaimer: true });
    const withdrawn = await saveBasicDetails(created, 1, { whatsappDisclaimer: false }, undefined);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const same = await saveBasicDetails(created, 2, { whatsappDisclaimer: false });
    expect(same.statusCode).toBe(200);
    const rows = await rowsOf(created.applicationNo);
    expect(rows.slice(3).map(({ kind: k, granted, source }) => ({ kind: k, granted, source }))).toEqual([
      { kind: 'whatsapp', granted: false, source: 'basic-details' },
    ]);

    // Given again to a wording the page no longer has: refused, and the save is not made either.
    const stale = await saveBasicDetails(
      created,
      3,
      { whatsappDisclaimer: true, fullName: 'Ramesh Kumar Verma' },
      {
        ...CONSENT_VERSIONS,
        whatsapp: 'feedfacefeedface',
      },
    );
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toBe(STALE);
    const state = await stateOf(created.applicationNo);
    expect(state.version).toBe(3);
    expect(state.state.basicDetails.policyHolder).toMatchObject({
      fullName: 'Ramesh Kumar Sharma',
      whatsappDisclaimer: false,
    });
    expect(await rowsOf(created.applicationNo)).toHaveLength(4);

    // A refusal of the save itself is heard first, and records nothing.
    const outdated = await saveBasicDetails(created, 1, { whatsappDisclaimer: true });
    expect(outdated.statusCode).toBe(409);
    expect(await rowsOf(created.applicationNo)).toHaveLength(4);
  });

  it('records a box changed by basic details sent with the campaign update, naming the plan by its code', async () => {
    const created = await createApplication(api, { mobileNumber: uniqueMobile() });
    const res = await api.post(
      '/buyonlineoauth/applications/update-campaign',
      {
        applicationNumber: created.applicationNo,
        version: 1,
        campaignId: 'pension',
        planCode: 'T54',
        basicDetails: { policyHolder: policyHolder({ marketingConsent: true }), insuredPerson: {} },
        consentVersions: CONSENT_VERSIONS,
      },
      { capability: created.capability },
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(created.applicationNo);
    expect(rows.slice(3).map(({ kind: k, granted }) => ({ kind: k, granted }))).toEqual([
      { kind: 'marketing', granted: true },
    ]);
  });

  it('answers the consents in force in the plan’s words, to the capability holder only', async () => {
    const created = await createApplication(api, { mobileNumber: uniqueMobile(), marketingConsent: true });
    const res = await api.post(
      CURRENT,
      { applicationNumber: created.applicationNo },
      { capability: created.capability },
    );
    expect(res.statusCode).toBe(200);
    const { consents } = api.open<{ consents: Record<string, unknown>[] }>(res);
    expect(consents.map(({ kind: k, granted, required }) => ({ kind: k, granted, required }))).toEqual([
      { kind: 'contact', granted: true, required: true },
      { kind: 'whatsapp', granted: false, required: false },
      { kind: 'marketing', granted: true, required: false },
    ]);
    expect(consents[1]).toMatchObject({
      section: '/basicDetails/policyHolder',
      field: 'whatsappDisclaimer',
      wording: wordingOf('whatsapp').wording,
      version: wordingOf('whatsapp').version,
      recordedAt: expect.any(String),
    });
    const other = await createApplication(api, { mobileNumber: uniqueMobile() });
    expect(
      (
        await api.post(
          CURRENT,
          { applicationNumber: created.applicationNo },
          { capability: other.capability },
        )
      ).statusCode,
    ).toBe(403);
  });

  it('gives and withdraws an optional consent through the route, each a new row, whatever the stage', async () => {
    const created = await createApplication(api, { mobileNumber: uniqueMobile() });
    // Withdrawal stays open after submission (and payment): it is never harder than giving.
    await seed(api, created.applicationNo, 'journey_flag = true');
    const whatsapp = wordingOf('whatsapp');

    const given = await change(created, { kind: 'whatsapp', granted: true, version: whatsapp.version });
    expect(given.statusCode, given.body).toBe(200);
    const answer = api.open<{ version: number; consents: { kind: string; granted: boolean }[] }>(given);
    expect(answer.version).toBe(2);
    expect(answer.consents.find((c) => c.kind === 'whatsapp')!.granted).toBe(true);
    // The saved basic details say the same, so a resume or a later save starts from it.
    expect((await stateOf(created.applicationNo)).state.basicDetails.policyHolder.whatsappDisclaimer).toBe(
      true,
    );

    const again = await change(created, { kind: 'whatsapp', granted: true, version: whatsapp.version });
    expect(again.statusCode).toBe(200);
    const withdrawn = await change(created, { kind: 'whatsapp', granted: false });
    expect(withdrawn.statusCode).toBe(200);
    expect(api.open<{ version: number }>(withdrawn).version).toBe(3);
    expect((await stateOf(created.applicationNo)).state.basicDetails.policyHolder.whatsappDisclaimer).toBe(
      false,
    );

    const rows = (await rowsOf(created.applicationNo)).filter((row) => row.kind === 'whatsapp');
    expect(rows.map(({ granted, source }) => ({ granted, source }))).toEqual([
      { granted: false, source: 'basic-details' },
      { granted: true, source: 'preferences' },
      { granted: false, source: 'preferences' },
    ]);
  });

  it('refuses in a person’s words: a stale wording, the required authorisation, a consent not asked, no capability', async () => {
    const created = await createApplication(api, { mobileNumber: uniqueMobile() });
    const stale = await change(created, { kind: 'marketing', granted: true, version: 'abcdefabcdefabcd' });
    expect(stale.statusCode).toBe(422);
    expect(stale.json()).toMatchObject({ message: STALE });
    const unversioned = await change(created, { kind: 'marketing', granted: true });
    expect(unversioned.statusCode).toBe(422);

    const required = await change(created, { kind: 'contact', granted: false });
    expect(required.statusCode).toBe(422);
    expect(required.json()).toMatchObject({
      message:
        'This authorisation is needed to process your application, so it cannot be withdrawn here. Please contact our Help Center to withdraw it.',
    });
    const unknown = await change(created, { kind: 'sms', granted: false });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Please choose one of the consents shown for this application.');

    const other = await createApplication(api, { mobileNumber: uniqueMobile() });
    expect((await change(created, { kind: 'marketing', granted: false }, other.capability)).statusCode).toBe(
      403,
    );
    expect(await rowsOf(created.applicationNo)).toHaveLength(3);
  });

  it('keeps the record append-only', async () => {
    const created = await createApplication(api, { mobileNumber: uniqueMobile() });
    await expect(
      api.app.db.query('UPDATE consents SET granted = true WHERE application_number = $1', [
        created.applicationNo,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      api.app.db.query('DELETE FROM consents WHERE application_number = $1', [created.applicationNo]),
    ).rejects.toThrow(/append-only/);
    expect(await rowsOf(created.applicationNo)).toHaveLength(3);
  });

  it('tells the CRM the consents in force when it delivers, so a withdrawn WhatsApp consent stops messages', async () => {
    await api.app.db.query('DELETE FROM outbox');
    const webhook = await startWebhook();
    try {
      const mobileNumber = uniqueMobile();
      const { leadId: _none, ...body } = createBody(
        { mobileNumber, whatsappDisclaimer: true },
        { mobileNumber, recordLead: true, stageReport: 'Lead' },
      );
      const res = await api.post(CREATE, body);
      expect(res.statusCode, res.body).toBe(200);
      const created = api.open<CreatedApplication>(res);
      // Withdrawn before the CRM heard of the lead: the lead arrives saying so.
      expect((await change(created, { kind: 'whatsapp', granted: false })).statusCode).toBe(200);

      const dispatcher = createOutboxDispatcher({
        db: api.app.db,
        webhookUrl: webhook.url,
        batchSize: 10,
        maxAttempts: 3,
        timeoutMs: 2_000,
        intervalMs: 1_000,
        now: () => new Date(Date.now() + 60_000),
      });
      expect(await dispatcher.dispatchOnce()).toMatchObject({ claimed: 3, delivered: 3 });
      const byTopic = Object.fromEntries(
        webhook.received.map((delivery) => [String(delivery.json.topic), delivery.json]),
      );
      const inForce = { contact: true, whatsapp: false, marketing: false };
      expect(byTopic.basic).toMatchObject({ consents: inForce });
      expect(byTopic['stage-report']).toMatchObject({ consents: inForce });
      expect(byTopic.consent).toMatchObject({
        consents: inForce,
        payload: {
          applicationNumber: created.applicationNo,
          mobile: mobileNumber,
          source: 'preferences',
          changed: [{ kind: 'whatsapp', granted: false, version: wordingOf('whatsapp').version }],
          consents: inForce,
        },
      });
    } finally {
      await webhook.close();
    }
  });
});
