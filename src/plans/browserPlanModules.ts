import type { PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { DEFAULT_SCHEMAS_ROOT, readCommonDocuments, readPlanFiles } from './nodePlanSource.ts';
import { join } from 'node:path';
import { planCard, planSummary } from './planSummary.ts';

/*
 * What the browser build makes of a plan folder (vite.config.ts writes these as modules):
 *  - `plan.json?summary`: the few fields the site needs of every plan up front (the entry);
 *  - `plan.json?card`: what the catalogue's card of the plan shows besides (the catalogue's chunk);
 *  - `plan.json?files`: everything the journey reads of the plan, one module in the plan's
 *    chunk: its JSON files but fixtures and the pricing basis (the server prices), its copy
 *    but the proposal page's (`proposal`, which only `?proposal` carries) and the copy of later
 *    screens (LATER_COPY, which `?later` carries), and the shared documents of schemas/common
 *    that its schemas reference, and nothing more;
 *  - `plan.json?later`: the copy only later screens show (the landing sections below the fold, the
 *    Help Center's answers, the terms, the payment page's copy), in the chunk of the plan's later
 *    validators: it joins the plan's copy when they load (`laterValidators`), which every later
 *    step waits for;
 *  - `plan.json?proposal`: what the proposal page shows of the plan, one module in a chunk of its
 *    own: its copy, the proposal's forms (plan.json, the proposal steps' schemas and uiSchemas,
 *    the shared documents they reference), the first proposal step's precompiled validators,
 *    and how to load the other steps' (their own chunk, loaded once the page's first screen is up).
 */

/** The files of a plan the proposal page's forms need: plan.json and its proposal steps' schemas and uiSchemas. */
export function proposalPlanFiles(code: string, root = DEFAULT_SCHEMAS_ROOT): PlanFiles {
  const files = readPlanFiles(code, root);
  const config = files['plan.json'] as PlanConfig;
  const paths = new Set(
    Object.values(config.proposal?.steps ?? {}).flatMap((step) => [step.schema, step.uiSchema]),
  );
  return Object.fromEntries(
    Object.entries(files).filter(([path]) => path === 'plan.json' || paths.has(path)),
  );
}

export type BrowserPlanModule = 'summary' | 'card' | 'files' | 'proposal' | 'later';

/**
 * The parts of a plan's copy (content.json) no first screen shows: they come with the later
 * forms. The brochure's copy is the server's (the brochure PDF); the browser never reads it.
 */
const LATER_COPY = ['landing', 'helpCenter', 'help', 'termsAndConditions', 'payment'] as const;
const SERVER_COPY = ['brochure'] as const;

/** A plan's copy split into what the first screen needs and what later screens do. */
function splitCopy(copy: Record<string, unknown>): {
  first: Record<string, unknown>;
  later: Record<string, unknown>;
} {
  const first: Record<string, unknown> = {};
  const later: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(copy)) {
    if ((SERVER_COPY as readonly string[]).includes(key)) continue;
    if ((LATER_COPY as readonly string[]).includes(key)) later[key] = value;
    else first[key] = value;
  }
  return { first, later };
}

/** The JSON files of a plan folder a phone needs on the journey. */
export function browserPlanFiles(code: string, root = DEFAULT_SCHEMAS_ROOT): PlanFiles {
  const files = readPlanFiles(code, root);
  const config = files['plan.json'] as PlanConfig;
  const contentFile = config.content;
  // The proposal's forms come with the proposal page (`?proposal`), not the journey.
  const journeyForms = new Set(
    [...Object.values(config.steps), ...Object.values(config.popups ?? {})].flatMap((form) => [
      form.schema,
      form.uiSchema,
    ]),
  );
  const proposalOnly = (path: string) =>
    Object.values(config.proposal?.steps ?? {}).some(
      (step) => (step.schema === path || step.uiSchema === path) && !journeyForms.has(path),
    );
  return Object.fromEntries(
    Object.entries(files)
      .filter(
        ([path]) => !path.startsWith('fixtures/') && path !== 'pricing-basis.json' && !proposalOnly(path),
      )
      .map(([path, value]) => {
        if (path === 'plan.json') {
          const { proposal: _proposalForms, ...journeyConfig } = config;
          return [path, journeyConfig];
        }
        if (path !== contentFile || !value || typeof value !== 'object') return [path, value];
        const { proposal: _proposalPageCopy, ...journeyCopy } = value as Record<string, unknown>;
        return [path, journeyCopy];
      }),
  );
}

/** The file name a $ref names a document by, e.g. 'enums.schema.json' of '../../../common/enums.schema.json#/$defs/x'. */
function referencedNames(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => referencedNames(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const document = value.split('#')[0]!;
        if (document) found.add(document.slice(document.lastIndexOf('/') + 1));
      } else referencedNames(value, found);
    }
  }
  return found;
}

/** The shared documents the files reference, directly or through each other. */
export function referencedCommonDocuments(files: PlanFiles, common: JsonSchema[]): JsonSchema[] {
  const byName = new Map(
    common.map((doc) => [String(doc.$id).slice(String(doc.$id).lastIndexOf('/') + 1), doc]),
  );
  const names = referencedNames(Object.values(files), new Set());
  const included = new Map<string, JsonSchema>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const name of names) {
      const doc = byName.get(name);
      if (doc && !included.has(name)) {
        included.set(name, doc);
        referencedNames(doc, names);
        grew = true;
      }
    }
  }
  return [...included.values()];
}

/** The source of one of a plan folder's browser modules. */
export function browserPlanModule(
  code: string,
  kind: BrowserPlanModule,
  root = DEFAULT_SCHEMAS_ROOT,
): string {
  const files = browserPlanFiles(code, root);
  const config = files['plan.json'] as PlanConfig;
  const json = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
  switch (kind) {
    case 'summary':
      return `export default ${JSON.stringify(planSummary(config))};`;
    case 'card':
      return `export default ${JSON.stringify(planCard(config))};`;
    case 'files': {
      // The plan's precompiled validators (npm run validators): its first step's come in the
      // plan's chunk, the later forms' in a chunk of their own that this module knows how to
      // load, so the entry holds no map of either. The later screens' copy comes beside them and
      // joins the plan's copy object (the one the loaded plan holds) before they answer.
      const generated = (file: string) => JSON.stringify(join(root, 'plans', code, file));
      const copyFile = config.content;
      const copy = copyFile ? splitCopy(files[copyFile] as Record<string, unknown>) : undefined;
      const firstFiles = copy && copyFile ? { ...files, [copyFile]: copy.first } : files;
      const later = JSON.stringify(join(root, 'plans', code, 'plan.json?later'));
      return (
        `export const files = ${json(firstFiles)};\n` +
        `export const common = ${json(referencedCommonDocuments(files, readCommonDocuments(root)))};\n` +
        `export { default as firstValidators } from ${generated('validators.generated.js')};\n` +
        (copy && copyFile
          ? `export const laterValidators = () => Promise.all([import(${generated('validators.later.generated.js')}), import(${later})]).then(([module, copy]) => (Object.assign(files[${JSON.stringify(copyFile)}], copy.default), module.default));\n`
          : `export const laterValidators = () => import(${generated('validators.later.generated.js')}).then((module) => module.default);\n`)
      );
    }
    case 'later': {
      const copy = config.content ? splitCopy(files[config.content] as Record<string, unknown>).later : {};
      return `export default ${json(copy)};\n`;
    }
    case 'proposal': {
      if (!config.content) throw new Error(`Plan ${code} has no content file`);
      const generated = (file: string) => JSON.stringify(join(root, 'plans', code, file));
      const forms = proposalPlanFiles(code, root);
      return (
        `export const content = ${json(readPlanFiles(code, root)[config.content])};\n` +
        `export const files = ${json(forms)};\n` +
        `export const common = ${json(referencedCommonDocuments(forms, readCommonDocuments(root)))};\n` +
        `export { default as firstValidators } from ${generated('validators.proposal.generated.js')};\n` +
        `export const laterValidators = () => import(${generated('validators.proposal-later.generated.js')}).then((module) => module.default);\n`
      );
    }
  }
}
