import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { buildQuoteRequest } from '../../../src/journey/quote/quoteRequest.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';
import type { DisplayRow } from '../../../src/pricing/calculator.ts';
import { indianGrouping } from '../../../src/pricing/indianGrouping.ts';
import { journeyData, journeySteps, loadPlans } from '../../e2e/planDriver/planCases.ts';
import { createApplication, seed } from './applicationsFixtures.ts';
import { printedLine, printedRow, storedTables } from './quotesIllustrationFixtures.ts';
import { BI, createQuote, pdfText, TODAY } from './quotesFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * What a buyer reads. Every plan's benefit illustration — of the quote its fixture journey
 * gets (each step's "journey" case, as the browser builds the request), priced by the quote
 * route and downloaded as the browser downloads it — and every plan's brochure hold only words
 * written for the buyer: no builder's note (a spec reference, a file name, an 'approximation').
 * And they say what the quote on the screen says, from the same place:
 *  - a unit-linked plan's death benefit in the one wording of its basis (deathBenefit.text):
 *    the quote's note, the plan option, the brochure's cards, facts and how it works;
 *  - an annuity's first pension at the age the quote gives as 'Pension From', in the
 *    illustration's year-by-year table too (paid yearly, in arrears, or monthly);
 *  - every row of the premium breakup the screen lists, riders' premiums among them.
 */

type Json = Record<string, unknown>;

/** What a note for builders looks like, wherever it leaks. */
const BUILDER_NOTES: [string, RegExp][] = [
  ['a spec reference', /\bspec 0\d|§/i],
  ['an approximation', /approximation/i],
  ['a file name', /\.(json|md|ts)\b/i],
  ['a builder comment', /\$comment|\bTODO\b|\bFIXME\b/],
  ['a path in the repository', /\b(docs|schemas|src)\//],
  ['a note on what is not available to us', /not available to us|invented for this build|stand-in/i],
  ['a formula', /\bq\(x\)|\bq_x\b/],
];

/** Each wording of a unit-linked death benefit ('the higher of the sum assured and the fund value', 'the highest of …'). */
const DEATH_BENEFIT_WORDING = /the high(?:er|est) of the sum assured(?:, [^.;:]*?)? and the fund value/g;

const plans = loadPlans();
const today = new Date(`${TODAY}T12:00:00`);

/**
 * The application a visitor makes who types each step's "journey" case (plans:validate prices
 * it too), each form's fields written where plan.json binds them.
 */
function journeyApplication(plan: LoadedPlan): ApplicationState {
  const state: Json = { basicDetails: { policyHolder: {}, insuredPerson: {} }, planDetails: {} };
  for (const form of journeySteps(plan)) {
    const data = journeyData(plan, form, undefined, today);
    if (!data) throw new Error(`${plan.config.productId} ${form.id} has no "journey" case`);
    for (const [field, pointer] of Object.entries(form.definition.bind)) {
      if (data[field] === undefined) continue;
      const segments = pointer.replace(/^\//, '').split('/');
      let target = state;
      for (const segment of segments.slice(0, -1)) target = (target[segment] ??= {}) as Json;
      const last = segments.at(-1)!;
      const [before, value] = [target[last], data[field]];
      target[last] =
        before && typeof before === 'object' && value && typeof value === 'object'
          ? { ...before, ...value }
          : value;
    }
  }
  return state as unknown as ApplicationState;
}

/** The quote request the browser sends for the plan's fixture journey, at `TODAY`. */
function journeyRequest(plan: LoadedPlan): Json & { PlanSectionDetails: Json } {
  return buildQuoteRequest(journeyApplication(plan), plan.config, TODAY) as unknown as Json & {
    PlanSectionDetails: Json;
  };
}

interface Downloaded {
  details: Json & { youGet: DisplayRow[]; breakup: DisplayRow[]; youPay: DisplayRow[] };
  text: string;
  quoteNumber: string;
}

describe.each(DATABASES)('what a buyer reads, for every plan ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  /** A quote of the plan for `planSection` over its journey request, and its illustration as read. */
  async function illustrationOf(plan: LoadedPlan, planSection: Json = {}): Promise<Downloaded> {
    const { productId } = plan.config;
    const created = await createApplication(api);
    await seed(api, created.applicationNo, `product_id = '${productId}'`);
    const request = journeyRequest(plan);
    const answer = await createQuote(
      api,
      {
        ...request,
        PlanSectionDetails: { ...request.PlanSectionDetails, ...planSection },
        ApplicationNumber: created.applicationNo,
      },
      created.capability,
    );
    const res = await api.get(
      `${BI}?pdfType=BOTH&Isotpverified=false&isVBI=true&quoteNumber=${answer.data.quoteNumber}&ApplicationNumber=${created.applicationNo}`,
      { capability: created.capability },
    );
    expect(res.statusCode, res.body).toBe(200);
    return {
      details: answer.data.quotePlanSectionDetails as unknown as Downloaded['details'],
      text: (await pdfText(res.rawPayload)).text,
      quoteNumber: answer.data.quoteNumber,
    };
  }

  async function brochureOf(plan: LoadedPlan): Promise<string> {
    const res = await api.get(`/buyonlineoauth/brochure/${plan.config.productId}`, { token: null });
    expect(res.statusCode, res.body).toBe(200);
    return (await pdfText(res.rawPayload)).text;
  }

  const noBuilderNotes = (document: string, text: string) => {
    for (const [what, pattern] of BUILDER_NOTES) {
      const found = text.match(pattern);
      const at = found?.index ?? 0;
      expect(found, `${document} prints ${what}: …${text.slice(at - 120, at + 120)}…`).toBeNull();
    }
  };

  describe.each(plans.map((plan) => [plan.config.productId, plan] as const))('%s', (code, plan) => {
    const basis = readPlanFile<{
      deathBenefit?: { text?: string };
      riders?: { code: string; sumAssured: { min: number } }[];
    }>(code, 'pricing-basis.json');
    let illustration: Downloaded;
    let brochure: string;
    beforeAll(async () => {
      illustration = await illustrationOf(plan);
      brochure = await brochureOf(plan);
    });

    it('prints no note for builders in the benefit illustration or the brochure', () => {
      noBuilderNotes(`${code}'s benefit illustration`, illustration.text);
      noBuilderNotes(`${code}'s brochure`, brochure);
    });

    it('prints every row the quote on the screen shows: you pay, you get and the premium breakup', () => {
      const { details, text } = illustration;
      for (const row of [...details.youPay, ...details.youGet, ...details.breakup]) {
        expect(text).toContain(printedRow(row));
      }
    });

    const wording = basis.deathBenefit?.text;
    it.runIf(plan.config.calculator === 'unitLinked')(
      "words the death benefit as its basis does, on the screen's quote and in both PDFs",
      () => {
        const note = illustration.details.youGet.find((row) => row.id === 'sumAssured')?.note ?? '';
        const said = new Map<string, Set<string>>();
        for (const [where, text] of [
          ["the screen's quote", note],
          ['the benefit illustration', illustration.text],
          ['the brochure', brochure],
        ] as const) {
          const wordings = text.match(DEATH_BENEFIT_WORDING) ?? [];
          expect(wordings.length, `${where} of ${code} words the death benefit`).toBeGreaterThan(0);
          for (const words of wordings) said.set(words, (said.get(words) ?? new Set()).add(where));
        }
        // One wording everywhere, the basis's own.
        expect(Object.fromEntries([...said].map(([words, where]) => [words, [...where]]))).toEqual({
          [wording ?? '(the basis has no deathBenefit.text)']: [
            "the screen's quote",
            'the benefit illustration',
            'the brochure',
          ],
        });
        expect(note).toBe(`on death: ${wording}`);
      },
    );

    it.runIf(Boolean(basis.riders?.length))(
      "shows every rider's premium in the screen's breakup and the PDF",
      async () => {
        const riders = basis.riders!;
        const { details, text } = await illustrationOf(plan, {
          Riders: Object.fromEntries(
            riders.map((rider) => [
              rider.code,
              { add: true, sumAssured: indianGrouping(rider.sumAssured.min) },
            ]),
          ),
        });
        const rows = details.breakup.filter((row) => row.id.startsWith('riderPremium-'));
        expect(rows.map((row) => row.id)).toEqual(riders.map((rider) => `riderPremium-${rider.code}`));
        for (const row of rows) {
          expect(row.value).toBeGreaterThan(0);
          expect(text).toContain(printedRow(row));
        }
      },
    );

    const annuityFrequency = journeyRequest(plan).PlanSectionDetails.AnnuityFrequency;
    it.runIf(Boolean(annuityFrequency))(
      "pays the illustration's first pension at the age the quote gives as Pension From, yearly or monthly",
      async () => {
        for (const AnnuityFrequency of ['Yearly', 'Monthly']) {
          const { details, text, quoteNumber } =
            AnnuityFrequency === annuityFrequency
              ? illustration
              : await illustrationOf(plan, { AnnuityFrequency });
          const from = details.youGet.find((row) => row.id === 'firstPayoutAge')!;
          expect(from.value).toBe(details.firstPayoutAge);
          expect(text).toContain(printedRow(from));
          const [schedule] = await storedTables(api, quoteNumber);
          const first = schedule!.rows.find((row) => Number(row.guaranteedAnnuity) > 0)!;
          expect(first.age, `${code} paid ${AnnuityFrequency}: the table's first pension`).toBe(
            details.firstPayoutAge,
          );
          expect(text).toContain(printedLine(schedule!, first));
        }
      },
    );
  });
});
