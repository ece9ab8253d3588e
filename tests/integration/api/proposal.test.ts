import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../../src/server/api/applications/stages.ts';
import {
  createApplication,
  HOLDER_DOB,
  personalDetailsOf,
  planDetailsOf,
  policyHolder,
  seed,
  type CreatedApplication,
} from './applicationsFixtures.ts';
import {
  INITIATE,
  initiate,
  payableApplication,
  storedApplication,
  storedPayment,
  TERMS_ACCEPTED,
  type PayableApplication,
} from './paymentsFixtures.ts';
import {
  FIXTURE_STAGES,
  journeyData,
  pay,
  paidApplication,
  PAY_RENEWALS_MYSELF,
  payLater,
  payLaterApplication,
  proposalSections,
  saveStage,
  savedStage,
  uploadDocument,
  uploadDocuments,
} from './proposalFixtures.ts';
import { createQuote, QUOTES, quoteBody } from './quotesFixtures.ts';
import { JPEG } from './documentFiles.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * The proposal after payment (docs/design/proposal.md): its stages open at the payment stage
 * (paid, or pay later) and are checked with their steps' schemas; the journey's stages close
 * once paid; the stage never moves back; the documents named are the application's own; the
 * submission sets journeyFlag once every step is saved and valid and the premium received.
 * The steps' data is their fixtures' "journey" case; documents are uploaded for real.
 */
const SUBMIT = '/buyonlineoauth/proposal/submit';
const RETRIEVE_DATA = '/buyonlineoauth/retrieve-data';
const NOT_OPEN = 'Your proposal opens once you have paid your premium or chosen to pay later.';
const SUBMITTED = 'This application is already submitted.';
const NOT_PROCESSED = 'Sorry we couldn’t process your details, please try again';
const PAID_JOURNEY =
  'This application is already paid, so the details its premium was calculated on can no longer be changed. Please continue with your proposal.';
const PREMIUM_NOT_RECEIVED = 'We have not received your premium yet. Please pay it to submit your proposal.';
const INCOMPLETE = 'Please complete every step of your proposal before submitting it.';
const MANDATE_NOT_AUTHORISED = 'Please authorise your e-mandate, or choose to pay renewals yourself.';
const UPLOAD_AGAIN = 'Please upload this document again';
const SLOW = 30_000;

type Json = Record<string, unknown>;

/** Every proposal stage and the section it saves. */
const PROPOSAL_STAGES: [string, string][] = [
  ['journey-details', 'journeyDetails'],
  ['employment-details', 'employmentDetails'],
  ['pd-nominee-details', 'pdNomineeDetails'],
  ['other-policy-details', 'otherPolicyDetails'],
  ['bank-details', 'bankDetails'],
  ['fatca-details', 'fatcaDetails'],
  ['emandate-details', 'eMandateDetails'],
  ['document', 'document'],
];

// Each test walks an application through quote, journey and payment: more than 5 s on a busy machine.
describe.each(DATABASES)('the proposal ($name)', { timeout: SLOW }, (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api.close());

  const row = async (applicationNumber: string) => {
    const { rows } = await api.app.db.query<{
      state: Json;
      stage: string;
      version: number;
      journey_flag: boolean;
    }>('SELECT state, stage, version, journey_flag FROM applications WHERE application_number = $1', [
      applicationNumber,
    ]);
    return rows[0]!;
  };

  /** A stage's valid sections: its fixture's journey case, or this application's uploaded documents. */
  const validSections = async (created: CreatedApplication, stage: string): Promise<Json> =>
    stage === 'document'
      ? { document: { primary: await uploadDocuments(api, created) } }
      : proposalSections(stage);

  /** Saves every proposal step, valid (renewals paid by the buyer unless `mandate` is given); answers the version. */
  async function completeProposal(
    { created, version }: PayableApplication,
    mandate: Json = PAY_RENEWALS_MYSELF,
  ): Promise<number> {
    let current = version;
    for (const stage of FIXTURE_STAGES) {
      const sections = stage === 'emandate-details' ? mandate : proposalSections(stage);
      current = await savedStage(api, created, stage, current, sections);
    }
    return savedStage(api, created, 'document', current, await validSections(created, 'document'));
  }

  const submit = (created: CreatedApplication, version: number) =>
    api.post(
      SUBMIT,
      { applicationNumber: created.applicationNo, version },
      { capability: created.capability },
    );

  describe('the proposal stages', () => {
    it.each(PROPOSAL_STAGES)(
      '%s is refused (409) before the payment stage, nothing stored; pay later opens it',
      async (stage, section) => {
        const { created, version } = await payableApplication(api);
        const sections = await validSections(created, stage);
        const before = await row(created.applicationNo);
        const refused = await saveStage(api, created, stage, version, sections);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toMatchObject({ status: 'Failed', statusCode: 409, message: NOT_OPEN });
        expect(await row(created.applicationNo)).toEqual(before);
        expect(before.state[section]).toBeUndefined();

        const later = await payLater(api, created, version);
        const saved = await saveStage(api, created, stage, later, sections);
        expect(saved.statusCode, saved.body).toBe(200);
        expect(api.open(saved)).toEqual({ status: '200', version: later + 1 });
        expect((await row(created.applicationNo)).state[section]).toEqual(sections[section]);
      },
    );

    it.each(PROPOSAL_STAGES)(
      '%s saves once paid: the new version, %s stored whole, the stage recorded',
      async (stage, section) => {
        const { created, version } = await paidApplication(api);
        const sections = await validSections(created, stage);
        const res = await saveStage(api, created, stage, version, sections);
        expect(res.statusCode, res.body).toBe(200);
        expect(api.open(res)).toEqual({ status: '200', version: version + 1 });
        const after = await row(created.applicationNo);
        expect(after).toMatchObject({ stage, version: version + 1, journey_flag: false });
        expect(after.state[section]).toEqual(sections[section]);
        expect(after.state).toMatchObject({ userStage: stage, paymentDetails: { status: 'success' } });
      },
    );

    it('moves the stage forward only: journey-details after pd-nominee-details leaves it at pd-nominee-details', async () => {
      const { created, version } = await paidApplication(api);
      const nominees = await savedStage(
        api,
        created,
        'pd-nominee-details',
        version,
        proposalSections('pd-nominee-details'),
      );
      const journey = await savedStage(
        api,
        created,
        'journey-details',
        nominees,
        proposalSections('journey-details'),
      );
      expect(journey).toBe(nominees + 1);
      const after = await row(created.applicationNo);
      expect(after.stage).toBe('pd-nominee-details');
      expect(after.state.userStage).toBe('pd-nominee-details');
      expect(after.state.journeyDetails).toEqual(proposalSections('journey-details').journeyDetails);
    });
  });

  describe('bad input is refused (400) with the step’s field errors, nothing stored', () => {
    const personal = journeyData('journey-details').personal as Json;
    const bank = journeyData('bank-details').bank as Json;
    const nominee = (journeyData('pd-nominee-details').nominees as Json[])[0]!;
    const tenYearsAgo = `${new Date().getFullYear() - 10}-01-01`;

    it.each<[string, string, Json, { field: string; message: string }[]]>([
      [
        'a bad PAN',
        'journey-details',
        { personal: { ...personal, pan: 'ABCP1234K' } },
        [{ field: 'journeyDetails.primary.pan', message: 'Please enter a valid PAN, e.g. ABCDE1234F' }],
      ],
      [
        'a bad IFSC',
        'bank-details',
        { bank: { ...bank, ifsc: 'HDFC1000123' } },
        [{ field: 'bankDetails.primary.ifsc', message: 'Please enter a valid IFSC, e.g. SBIN0001234' }],
      ],
      [
        'an IFSC the registry does not know',
        'bank-details',
        { bank: { ...bank, ifsc: 'ZZZZ0999999' } },
        [
          {
            field: 'bankDetails.primary.ifsc',
            message: 'We could not find this IFSC. Please check it against your cheque book or passbook.',
          },
        ],
      ],
      [
        'account numbers that differ',
        'bank-details',
        { bank: { ...bank, confirmAccountNumber: '50100012345687' } },
        [{ field: 'bankDetails.primary.confirmAccountNumber', message: 'Account numbers do not match' }],
      ],
      [
        'nominee shares not adding up to 100',
        'pd-nominee-details',
        { nominees: [{ ...nominee, share: 90 }] },
        [{ field: 'pdNomineeDetails.nominees', message: 'Nominee shares must add up to 100% (now 90%)' }],
      ],
      [
        'a minor nominee without an appointee',
        'pd-nominee-details',
        { nominees: [{ ...nominee, relationship: 'Son', dateOfBirth: tenYearsAgo, share: 100 }] },
        [{ field: 'pdNomineeDetails.appointee', message: 'Please add an appointee: a nominee is under 18' }],
      ],
    ])('%s', async (_what, stage, data, errors) => {
      const { created, version } = await payLaterApplication(api);
      const before = await row(created.applicationNo);
      const res = await saveStage(api, created, stage, version, proposalSections(stage, data));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'Failed', statusCode: 400, message: NOT_PROCESSED });
      expect(res.json().errors).toEqual(errors);
      expect(await row(created.applicationNo)).toEqual(before);
    });

    it('missing documents', async () => {
      const { created, version } = await payLaterApplication(api);
      const before = await row(created.applicationNo);
      const { identityProof } = await uploadDocuments(api, created);
      const res = await saveStage(api, created, 'document', version, {
        document: { primary: { identityProof } },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'document.primary.addressProof', message: 'Please upload your proof of address' },
        { field: 'document.primary.incomeProof', message: 'Please upload your proof of income' },
      ]);
      expect(await row(created.applicationNo)).toEqual(before);
    });

    it('Form 60 with the stored quote’s annual premium of ₹50,000 or more, whatever the application’s plan details or the save say; below it Form 60 saves', async () => {
      const form60 = {
        personal: { ...personal, identityChoice: 'Form 60', pan: undefined },
      };
      /**
       * An application after pay later whose stored quote (the one its premium is paid from)
       * holds this annual premium, while its plan details (the browser's copy) say another.
       */
      const withAnnualPremium = async (priced: number, claimed: number) => {
        const payable = await payableApplication(api);
        const stored = await storedApplication(api, payable.created.applicationNo);
        const planDetails = stored.state.planDetails as Json;
        await api.app.db.query(
          `UPDATE quotes SET response = jsonb_set(response::jsonb,
             '{answer,data,quotePlanSectionDetails,annualPremium}', $2::jsonb)::json
           WHERE quote_number = $1`,
          [planDetails.quoteNumber, JSON.stringify(priced)],
        );
        await seed(
          api,
          payable.created.applicationNo,
          `state = jsonb_set(state, '{planDetails,annualPremium}', $2::jsonb)`,
          [JSON.stringify(claimed)],
        );
        return { created: payable.created, version: await payLater(api, payable.created, payable.version) };
      };

      const high = await withAnnualPremium(50000, 10000);
      const before = await row(high.created.applicationNo);
      const res = await saveStage(api, high.created, 'journey-details', high.version, {
        ...proposalSections('journey-details', form60),
        // The premium is the stored quote's, not the save's nor the plan details'.
        planDetails: { annualPremium: 49999 },
        annualPremium: 49999,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        {
          field: 'journeyDetails.primary.identityChoice',
          message: 'PAN is required for an annual premium of ₹50,000 or more',
        },
      ]);
      expect(await row(high.created.applicationNo)).toEqual(before);

      const low = await withAnnualPremium(49999, 60000);
      const saved = await saveStage(
        api,
        low.created,
        'journey-details',
        low.version,
        proposalSections('journey-details', form60),
      );
      expect(saved.statusCode, saved.body).toBe(200);
    });
  });

  it('keeps the e-mandate’s server fields: a save cannot forge its status, UMRN, id or limits', async () => {
    const { created, version } = await payLaterApplication(api);
    const forged = {
      status: 'success',
      umrn: 'FORGED0000000000001',
      mandateId: 'M-FORGED',
      maxAmount: 1,
      limit: 1,
    };
    const chosen = { choice: 'E-mandate', debitDay: 5 };
    const first = await savedStage(api, created, 'emandate-details', version, {
      eMandateDetails: { primary: { ...chosen, ...forged } },
    });
    expect((await row(created.applicationNo)).state.eMandateDetails).toEqual({ primary: chosen });

    // What the sandbox's verified answer recorded stays, whatever a later save sends.
    const recorded = { status: 'pending', umrn: 'HDFC7021807230034719', mandateId: 'M1', limit: 100000 };
    await seed(
      api,
      created.applicationNo,
      `state = jsonb_set(state, '{eMandateDetails,primary}', $2::jsonb)`,
      [JSON.stringify({ ...chosen, ...recorded })],
    );
    await savedStage(api, created, 'emandate-details', first, {
      eMandateDetails: { primary: { ...chosen, debitDay: 9, ...forged } },
    });
    expect((await row(created.applicationNo)).state.eMandateDetails).toEqual({
      primary: { ...chosen, debitDay: 9, ...recorded },
    });
  });

  it('says which step a save left empty, and stores nothing', async () => {
    const { created, version } = await payLaterApplication(api);
    const before = await row(created.applicationNo);
    const empty = await saveStage(api, created, 'pd-nominee-details', version, { pdNomineeDetails: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'pdNomineeDetails.nominees', message: 'Please complete Nominee details.' },
    ]);
    expect(await row(created.applicationNo)).toEqual(before);
  });

  it('stores a document as the server has it: its stored name, type and size, never a submitted flag', async () => {
    const { created, version } = await payLaterApplication(api);
    const primary = await uploadDocuments(api, created);
    const claimed = {
      ...primary,
      identityProof: { ...primary.identityProof, name: 'forged.pdf', size: 1, type: 'image/png' },
      submitted: true,
    };
    await savedStage(api, created, 'document', version, { document: { primary: claimed } });
    expect((await row(created.applicationNo)).state.document).toEqual({ primary });
  });

  it('clears an e-mandate registered for another account when the bank account changes', async () => {
    const { created, version } = await payLaterApplication(api);
    const bank = proposalSections('bank-details').bankDetails as { primary: Json };
    const saved = await savedStage(api, created, 'bank-details', version, { bankDetails: bank });
    await seed(api, created.applicationNo, `state = jsonb_set(state, '{eMandateDetails}', $2::jsonb)`, [
      JSON.stringify({
        primary: { choice: 'E-mandate', debitDay: 5, status: 'success', umrn: 'SAND0000000000000001' },
      }),
    ]);
    // The same account again: the mandate holds.
    const same = await savedStage(api, created, 'bank-details', saved, { bankDetails: bank });
    expect((await row(created.applicationNo)).state.eMandateDetails).toMatchObject({
      primary: { status: 'success' },
    });
    const other = {
      primary: { ...bank.primary, accountNumber: '50100099999999', confirmAccountNumber: '50100099999999' },
    };
    await savedStage(api, created, 'bank-details', same, { bankDetails: other });
    expect((await row(created.applicationNo)).state.eMandateDetails).toEqual({
      primary: { choice: 'E-mandate', debitDay: 5 },
    });
  });

  it('stores no secondary life’s documents for a buyer who bought for themselves', async () => {
    const { created, version } = await payLaterApplication(api);
    const primary = await uploadDocuments(api, created);
    const secondary = await uploadDocument(api, created, 'secondary', 'identity', JPEG, 'pan-card.jpg');
    await savedStage(api, created, 'document', version, {
      document: { primary, secondary: { identityProof: secondary } },
    });
    expect((await row(created.applicationNo)).state.document).toEqual({ primary });
  });

  describe('documents of another application, life or kind', () => {
    it('are refused by the documents save (400 at their place), nothing stored', async () => {
      const { created, version } = await payLaterApplication(api);
      const mine = await uploadDocuments(api, created);
      const secondary = await uploadDocument(api, created, 'secondary', 'identity', JPEG, 'pan-card.jpg');
      const other = await createApplication(api);
      const theirs = await uploadDocuments(api, other);
      const before = await row(created.applicationNo);
      for (const [what, primary, field] of [
        ['another application’s', { ...mine, identityProof: theirs.identityProof }, 'identityProof'],
        ['another kind', { ...mine, identityProof: mine.addressProof }, 'identityProof'],
        ['the other life’s', { ...mine, identityProof: secondary }, 'identityProof'],
        [
          'none stored',
          { ...mine, incomeProof: { ...mine.incomeProof, id: 'AAAAAAAAAAAAAAAAAAAAAAAA' } },
          'incomeProof',
        ],
      ] as const) {
        const res = await saveStage(api, created, 'document', version, { document: { primary } });
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ message: NOT_PROCESSED });
        expect(res.json().errors, what).toEqual([
          { field: `document.primary.${field}`, message: UPLOAD_AGAIN },
        ]);
      }
      expect(await row(created.applicationNo)).toEqual(before);
      await savedStage(api, created, 'document', version, { document: { primary: mine } });
    });

    it('are refused by the submission (422 at their place), nothing changed', async () => {
      const paid = await paidApplication(api);
      const version = await completeProposal(paid);
      const other = await createApplication(api);
      const theirs = await uploadDocument(api, other, 'primary', 'address');
      await seed(
        api,
        paid.created.applicationNo,
        `state = jsonb_set(state, '{document,primary,addressProof}', $2::jsonb)`,
        [JSON.stringify(theirs)],
      );
      const before = await row(paid.created.applicationNo);
      const res = await submit(paid.created, version);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ message: INCOMPLETE });
      expect(res.json().errors).toEqual([{ field: 'document.primary.addressProof', message: UPLOAD_AGAIN }]);
      expect(await row(paid.created.applicationNo)).toEqual(before);
    });
  });

  describe('POST /buyonlineoauth/proposal/submit', () => {
    it('refuses a pay-later proposal (422) until the premium is received', async () => {
      const later = await payLaterApplication(api);
      const version = await completeProposal(later);
      const before = await row(later.created.applicationNo);
      const res = await submit(later.created, version);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ status: 'Failed', message: PREMIUM_NOT_RECEIVED });
      expect(await row(later.created.applicationNo)).toEqual(before);
    });

    it('refuses an incomplete proposal (422) with a field error per step not saved or not valid', async () => {
      const paid = await paidApplication(api);
      let version = await savedStage(
        api,
        paid.created,
        'journey-details',
        paid.version,
        proposalSections('journey-details'),
      );
      version = await savedStage(
        api,
        paid.created,
        'pd-nominee-details',
        version,
        proposalSections('pd-nominee-details'),
      );
      // A step stored invalid (as an older browser might have saved it) counts as incomplete too.
      const bank = proposalSections('bank-details') as { bankDetails: { primary: Json } };
      await seed(api, paid.created.applicationNo, `state = state || $2::jsonb`, [
        JSON.stringify({
          bankDetails: { primary: { ...bank.bankDetails.primary, confirmAccountNumber: '1' } },
        }),
      ]);
      const before = await row(paid.created.applicationNo);
      const res = await submit(paid.created, version);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ status: 'Failed', statusCode: 422, message: INCOMPLETE });
      expect(res.json().errors).toEqual([
        { field: 'employmentDetails.primary', message: 'Please complete Employment details.' },
        {
          field: 'otherPolicyDetails.primary',
          message: 'Please complete Health and lifestyle declarations.',
        },
        { field: 'bankDetails.primary.confirmAccountNumber', message: 'Account numbers do not match' },
        { field: 'fatcaDetails.primary', message: 'Please complete FATCA / CRS declaration.' },
        { field: 'eMandateDetails.primary', message: 'Please complete Renewal e-mandate.' },
        { field: 'document.primary', message: 'Please complete Upload your documents.' },
      ]);
      expect(await row(paid.created.applicationNo)).toEqual(before);
    });

    it('submits a complete, paid proposal once: journeyFlag set, then neither changed nor resumed', async () => {
      const paid = await paidApplication(api);
      const { created } = paid;
      const version = await completeProposal(paid);
      const res = await submit(created, version);
      expect(res.statusCode, res.body).toBe(200);
      const answer = api.open<{ status: string; version: number; submittedAt: string }>(res);
      expect(answer).toEqual({ status: '200', version: version + 1, submittedAt: expect.any(String) });
      expect(Math.abs(Date.parse(answer.submittedAt) - Date.now())).toBeLessThan(60_000);

      const after = await row(created.applicationNo);
      expect(after).toMatchObject({ journey_flag: true, version: version + 1, stage: 'document' });
      expect(after.state).toMatchObject({
        journeyFlag: true,
        submittedAt: answer.submittedAt,
        document: { primary: { submitted: true } },
      });

      const resumed = await api.post(
        RETRIEVE_DATA,
        { applicationNumber: created.applicationNo, retrieve: 'appnumber', productId: 'T54' },
        { capability: created.capability },
      );
      expect(resumed.statusCode, resumed.body).toBe(409);
      expect(resumed.json().message).toBe(SUBMITTED);

      for (const { stage, section } of STAGES) {
        const body =
          section === 'basicDetails'
            ? { basicDetails: { policyHolder: policyHolder(), insuredPerson: {} } }
            : { [section]: { primary: {} } };
        const refused = await saveStage(api, created, stage, version + 1, body);
        expect(refused.statusCode, `${stage}: ${refused.body}`).toBe(409);
        expect(refused.json().message).toBe(SUBMITTED);
      }
      const again = await submit(created, version + 1);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(SUBMITTED);
      expect(await row(created.applicationNo)).toEqual(after);
    });

    it('refuses an e-mandate chosen but not authorised; once authorised it submits', async () => {
      const paid = await paidApplication(api);
      const version = await completeProposal(paid, {
        eMandateDetails: { primary: { choice: 'E-mandate', debitDay: 5 } },
      });
      const res = await submit(paid.created, version);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'eMandateDetails.primary.status', message: MANDATE_NOT_AUTHORISED },
      ]);
      expect((await row(paid.created.applicationNo)).journey_flag).toBe(false);
      // As the sandbox's verified answer records an authorised mandate.
      await seed(
        api,
        paid.created.applicationNo,
        `state = jsonb_set(state, '{eMandateDetails,primary,status}', '"success"')`,
      );
      expect((await submit(paid.created, version)).statusCode).toBe(200);
    });

    it('asks no e-mandate of a plan paid once (the step does not apply), whatever was chosen', async () => {
      const paid = await paidApplication(api);
      const version = await completeProposal(paid, {
        eMandateDetails: { primary: { choice: 'E-mandate', debitDay: 5 } },
      });
      await seed(
        api,
        paid.created.applicationNo,
        `state = jsonb_set(state, '{planDetails,investmentFrequency}', '"Single"')`,
      );
      const res = await submit(paid.created, version);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('needs the secondary life’s documents when buyFor is not Myself (a joint life)', async () => {
      const paid = await paidApplication(api);
      const { created } = paid;
      const version = await completeProposal(paid);
      await seed(
        api,
        created.applicationNo,
        `state = jsonb_set(state, '{basicDetails,policyHolder,buyFor}', '"Joint Life"')`,
      );
      const res = await submit(created, version);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([
        {
          field: 'document.secondary',
          message: 'Please complete Upload the documents of the life insured.',
        },
      ]);

      const stored = await row(created.applicationNo);
      const documents = await savedStage(api, created, 'document', version, {
        document: {
          primary: (stored.state.document as Json).primary,
          secondary: await uploadDocuments(api, created, 'secondary'),
        },
      });
      const submitted = await submit(created, documents);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect((await row(created.applicationNo)).state.document).toMatchObject({
        primary: { submitted: true },
        secondary: { submitted: true },
      });
    });
  });

  describe('a payment’s start', () => {
    const start = (created: CreatedApplication, extra: Json = TERMS_ACCEPTED) =>
      api.post(
        INITIATE,
        { applicationNumber: created.applicationNo, payMode: 'Online', ...extra },
        { capability: created.capability },
      );
    const paymentsOf = async (applicationNumber: string) =>
      (
        await api.app.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM payments WHERE application_number = $1',
          [applicationNumber],
        )
      ).rows[0]!.n;

    it('refuses (422) while a journey step before the payment is not saved', async () => {
      const created = await createApplication(api);
      let res = await start(created);
      const plan = 'Please complete Customise your pension plan before you pay.';
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ message: plan, errors: [{ field: 'planDetails', message: plan }] });

      await savedStage(api, created, 'plan-details', 1, { planDetails: planDetailsOf() });
      res = await start(created);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toMatch(/^Please complete .+ before you pay\.$/);
      expect(res.json().errors).toEqual([{ field: 'personalDetails', message: res.json().message }]);
      expect(await paymentsOf(created.applicationNo)).toBe(0);
    });

    it('refuses (422) without the terms accepted, or with a wording no longer the plan’s', async () => {
      const { created } = await payableApplication(api);
      const accept = 'Please accept (✓) the Terms & Conditions';
      for (const extra of [{}, { termsAccepted: false, termsVersion: TERMS_ACCEPTED.termsVersion }]) {
        const res = await start(created, extra);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({
          message: accept,
          errors: [{ field: 'termsAccepted', message: accept }],
        });
      }
      const changed =
        'Our Terms & Conditions have changed. Please read them again on the review page and accept them.';
      const stale = await start(created, { termsAccepted: true, termsVersion: '0123456789abcdef' });
      expect(stale.statusCode, stale.body).toBe(422);
      expect(stale.json()).toMatchObject({
        message: changed,
        errors: [{ field: 'termsAccepted', message: changed }],
      });
      expect(await paymentsOf(created.applicationNo)).toBe(0);
    });

    it('records the terms accepted, their version and when, with the payment', async () => {
      const { created } = await payableApplication(api);
      const startedAt = Date.now();
      const form = await initiate(api, created);
      const payload = (await storedPayment(api, form.txnid))!.payload as unknown as {
        terms: { version: string; acceptedAt: string };
      };
      expect(payload.terms).toEqual({ version: TERMS_ACCEPTED.termsVersion, acceptedAt: expect.any(String) });
      expect(Date.parse(payload.terms.acceptedAt)).toBeGreaterThanOrEqual(startedAt - 1000);
      expect(Date.parse(payload.terms.acceptedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    });
  });

  describe('after payment', () => {
    it('refuses personal-details (409): paid as staff, a staff answer of N leaves it Y and the pincode as it was', async () => {
      const created = await createApplication(api);
      const staff = { status: 'Y', employeer: 'Bank of Baroda', employeeCode: '4512' };
      const quote = await createQuote(
        api,
        quoteBody(
          {
            InstallmentPremiumAmount: 150000,
            AnnualPremiumAmount: 150000,
            AnnuityFor: 'Single',
            IsStaff: true,
            Employer: 'Bank of Baroda',
            EmployeeCode: '4512',
          },
          { DOB: HOLDER_DOB },
          { ApplicationNumber: created.applicationNo },
        ),
        created.capability,
      );
      const planned = await savedStage(api, created, 'plan-details', created.version, {
        planDetails: planDetailsOf({
          investmentAmount: '1,50,000',
          premiumPayingTerm: 10,
          planOption: 'T54C',
          quoteNumber: quote.data.quoteNumber,
          response: quote.data.quotePlanSectionDetails,
        }),
      });
      await savedStage(api, created, 'personal-details', planned, {
        personalDetails: personalDetailsOf({ indiaFirstStaff: staff }),
      });
      const version = await pay(api, created);
      const before = await row(created.applicationNo);
      const res = await saveStage(api, created, 'personal-details', version, {
        personalDetails: personalDetailsOf({ indiaFirstStaff: { status: 'N' }, pincode: '110001' }),
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(PAID_JOURNEY);
      const after = await row(created.applicationNo);
      expect(after).toEqual(before);
      expect(after.state.personalDetails).toMatchObject({
        primary: { indiaFirstStaff: staff, pincode: '452009' },
      });
    });

    it('refuses the plan and basic details, and a new quote of the application (409)', async () => {
      const { created, version } = await paidApplication(api);
      const before = await row(created.applicationNo);
      const plan = await saveStage(api, created, 'plan-details', version, {
        planDetails: before.state.planDetails as Json,
      });
      const basic = await saveStage(api, created, 'basic-details', version, {
        basicDetails: before.state.basicDetails as Json,
      });
      const { rows } = await api.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quotes');
      const quote = await api.post(
        QUOTES,
        quoteBody(
          { InstallmentPremiumAmount: 100000, AnnualPremiumAmount: 100000, AnnuityFor: 'Single' },
          { DOB: HOLDER_DOB },
          { ApplicationNumber: created.applicationNo },
        ),
        { capability: created.capability },
      );
      for (const res of [plan, basic, quote]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(PAID_JOURNEY);
      }
      const { rows: after } = await api.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quotes');
      expect(after[0]!.n).toBe(rows[0]!.n);
      expect(await row(created.applicationNo)).toEqual(before);
    });

    it('never moves the stage back: a pay-later application at fatca-details stays there once paid', async () => {
      const later = await payLaterApplication(api);
      await savedStage(api, later.created, 'fatca-details', later.version, proposalSections('fatca-details'));
      await pay(api, later.created);
      const after = await row(later.created.applicationNo);
      expect(after.stage).toBe('fatca-details');
      expect(after.state).toMatchObject({
        userStage: 'fatca-details',
        paymentDetails: { status: 'success', payLater: false },
        fatcaDetails: proposalSections('fatca-details').fatcaDetails,
      });
    });
  });
});
