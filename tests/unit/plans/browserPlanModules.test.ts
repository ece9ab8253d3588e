import { describe, expect, it } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import {
  browserPlanFiles,
  browserPlanModule,
  referencedCommonDocuments,
} from '../../../src/plans/browserPlanModules.ts';
import { withoutNotes } from '../../../src/plans/withoutNotes.ts';
import { applicationSchemaData } from '../../../vite.config.ts';
import application from '../../../schemas/common/application.schema.json' with { type: 'json' };
import {
  DEFAULT_SCHEMAS_ROOT,
  listPlanCodes,
  readCommonDocuments,
  readPlanFiles,
} from '../../../src/plans/nodePlanSource.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUMMARY_FIELDS } from '../../../src/plans/planSummary.ts';

/*
 * The modules the browser build makes of a plan folder: its files with the shared documents
 * they reference (and only those), no fixtures and no pricing basis; its summary.
 */
const common = readCommonDocuments();
const name = (doc: { $id?: unknown }) => String(doc.$id).replace(/.*\//, '');

describe('a plan folder as the browser gets it', () => {
  it.each(listPlanCodes())('%s: builds from its files and the shared documents they reference', (code) => {
    const files = browserPlanFiles(code);
    const referenced = referencedCommonDocuments(files, common);
    const plan = buildPlan(files, commonDocuments(referenced), compilingValidators);
    expect(Object.keys(plan.steps).length).toBeGreaterThan(1);
    // What the server prices with and what tests type stay on the server.
    expect(Object.keys(files).filter((path) => path.startsWith('fixtures/'))).toEqual([]);
    expect(files['pricing-basis.json']).toBeUndefined();
    expect(Object.keys(readPlanFiles(code)).some((path) => path.startsWith('fixtures/'))).toBe(true);
    // The proposal page's copy comes with the proposal page (`?proposal`), not the journey; and
    // with its first step's validators, the other steps' in a module it imports when asked.
    expect(plan.content?.proposal).toBeUndefined();
    const proposal = browserPlanModule(code, 'proposal');
    expect(proposal).toMatch(/^export const content = JSON\.parse\(".*\\"proposal\\":/m);
    expect(proposal).toMatch(
      /^export \{ default as firstValidators \} from ".*\/validators\.proposal\.generated\.js";$/m,
    );
    expect(proposal).toMatch(
      /^export const laterValidators = \(\) => import\(".*\/validators\.proposal-later\.generated\.js"\)/m,
    );
  });

  it('leaves out the shared documents no schema of the plan references', () => {
    const referenced = referencedCommonDocuments(browserPlanFiles('T54'), common).map(name).sort();
    expect(referenced).toContain('dial-codes.schema.json');
    expect(referenced).not.toContain('application.schema.json');
    expect(referenced.length).toBeLessThan(common.length);
  });

  it('follows a reference from one shared document to another', () => {
    const enums = common.find((doc) => name(doc) === 'enums.schema.json')!;
    const defs = common.find((doc) => name(doc) === 'defs.schema.json')!;
    const files = { 'steps/x.schema.json': { $ref: '../../../common/a.schema.json#/$defs/x' } };
    const a = {
      $id: 'https://schemas.bimaflow.in/common/a.schema.json',
      $defs: { x: { $ref: 'enums.schema.json#/$defs/y' } },
    };
    expect(referencedCommonDocuments(files, [a, enums, defs]).map(name)).toEqual([
      'a.schema.json',
      'enums.schema.json',
    ]);
  });

  it('summarises a plan with the fields the site needs before its chunk', () => {
    const summary = JSON.parse(
      browserPlanModule('T54', 'summary').replace(/^export default |;$/g, ''),
    ) as Record<string, unknown>;
    expect(
      Object.keys(summary).filter((key) => !(SUMMARY_FIELDS as readonly string[]).includes(key)),
    ).toEqual([]);
    expect(Object.keys(summary)).toEqual(expect.arrayContaining(['productId', 'routes', 'content']));
    expect(summary.productName).toBe(
      (readPlanFiles('T54')['plan.json'] as { productName: string }).productName,
    );
    // The catalogue's card copy is not in the entry every journey loads.
    expect(JSON.stringify(summary)).not.toContain('paymentFrequencies');
    expect(summary).not.toHaveProperty('benefits');
    expect(summary).not.toHaveProperty('subTitle');
  });

  it("gives the catalogue a card of each plan's copy, and the plan's chunk its validators", () => {
    const config = readPlanFiles('T54')['plan.json'] as {
      productId: string;
      uin: string;
      brochure: { benefits: string[] };
    };
    const card = JSON.parse(browserPlanModule('T54', 'card').replace(/^export default |;$/g, '')) as Record<
      string,
      unknown
    >;
    expect(card).toMatchObject({ productId: 'T54', uin: config.uin, benefits: config.brochure.benefits });
    const files = browserPlanModule('T54', 'files');
    expect(files).toMatch(/export \{ default as firstValidators \} from ".*T54\/validators\.generated\.js"/);
    expect(files).toMatch(/import\(".*T54\/validators\.later\.generated\.js"\)/);
  });

  it("leaves the authors' notes out of the shared documents everything reads, and nothing a screen shows", () => {
    // On disk the shared documents carry notes for their authors...
    const dir = join(DEFAULT_SCHEMAS_ROOT, 'common');
    const raw = readdirSync(dir)
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
    expect(raw).toContain('"$comment"');
    // ...which neither a plan's chunk nor the generated validators' source (the same documents) has.
    expect(JSON.stringify(common)).not.toContain('$comment');
    const source = browserPlanModule('T54', 'files');
    expect(source).not.toContain('$comment');
    // A step's own description (a screen shows it) stays.
    const description = (
      readPlanFiles('T54')['steps/basic-details.schema.json'] as {
        then: { properties: { insuredPerson: { description?: string } } };
      }
    ).then.properties.insuredPerson.description;
    expect(description).toBeTruthy();
    expect(source).toContain(JSON.stringify(JSON.stringify(description)).slice(1, -1));
  });
});

describe('notes left out of what a phone downloads', () => {
  it('drops a note keyword at any depth but never a property or definition of that name', () => {
    const schema = {
      $comment: 'for authors',
      description: 'the form',
      properties: {
        description: { type: 'string', description: 'a field called description', $comment: 'x' },
        items: { type: 'array', items: [{ description: 'in a list' }] },
      },
      $defs: { $comment: { const: 1 } },
    };
    expect(withoutNotes(schema, new Set(['description', '$comment']))).toEqual({
      properties: {
        description: { type: 'string' },
        items: { type: 'array', items: [{}] },
      },
      $defs: { $comment: { const: 1 } },
    });
  });

  it("gives the browser application.schema.json's stages and sections without its documentation", () => {
    const plugin = applicationSchemaData();
    const load = plugin.load as (id: string) => string | null;
    const file = require.resolve('../../../schemas/common/application.schema.json');
    expect(load.call({}, `${file}x`)).toBeNull();
    const data = JSON.parse(load.call({}, file)!) as typeof application;
    expect(JSON.stringify(application)).toContain('"description"');
    expect(JSON.stringify(data)).not.toMatch(/"description"|"\$comment"/);
    // What the journey reads of it is all there.
    expect(data.$defs.stage).toEqual(application.$defs.stage);
    expect(data.$defs.proposalStage).toEqual(application.$defs.proposalStage);
    expect(data.$defs.stageAlsoSaves.const).toEqual(application.$defs.stageAlsoSaves.const);
    expect(data.$defs.legacySectionNames.properties).toEqual(
      withoutNotes(application.$defs.legacySectionNames.properties, new Set(['description']), true),
    );
    expect(data.$defs.stageSection.properties).toEqual(
      withoutNotes(application.$defs.stageSection.properties, new Set(['description']), true),
    );
    expect(Object.keys(data.properties)).toEqual(Object.keys(application.properties));
  });
});
