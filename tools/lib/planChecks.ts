import Ajv from 'ajv';
import { commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { configureAjv } from '../../engine/validation/configureAjv.ts';
import { checkCommonDocuments } from './commonDocumentChecks.ts';
import { checkAcrossPlans } from './crossPlanChecks.ts';
import type { GeneratedTexts } from './generatedValidators.ts';
import { locateProblems } from './locateProblems.ts';
import { checkPlanFolder, type Checkers } from './planFolderChecks.ts';
import type { Problem } from './problem.ts';
import { defaultRegistries, type Registries } from './registries.ts';

/*
 * Every check `npm run plans:validate` makes, as a function returning located problems,
 * so the CLI prints them and tests can prove a broken plan is caught. A plan whose files
 * cannot be read or built is reported and skipped; the other plans are still checked.
 */

export type { Problem } from './problem.ts';

export interface PlanSources {
  metaSchemas: { plan: JsonSchema; machine: JsonSchema; fixtures: JsonSchema; content: JsonSchema };
  common: JsonSchema[];
  plans: Record<string, PlanFiles>;
  /**
   * Each plan folder's generated validators (validators.generated.js and
   * validators.later.generated.js) as read, a file left out when missing; without this map the
   * generated files are not checked.
   */
  generatedValidators?: Record<string, GeneratedTexts>;
  /** Plan folders whose files could not be read (e.g. a JSON syntax error), already as problems. */
  unreadable?: Problem[];
  /**
   * The schemas root the plans were read from: with it, each problem is located in the file
   * that writes the value, with its line (locateProblems.ts), and the fixture journeys are priced.
   */
  root?: string;
}

const APPLICATION_SCHEMA = 'common/application.schema.json';

function strictAjv(): Ajv {
  return configureAjv(new Ajv({ strict: true, strictTypes: false, allErrors: true, $data: true }), {
    formats: true,
  });
}

/** The stage names of schemas/common/application.schema.json, or undefined when it is missing. */
function stageNames(common: JsonSchema[]): string[] | undefined {
  const doc = common.find((d) => String(d.$id ?? '').endsWith(APPLICATION_SCHEMA));
  const stages = (doc?.$defs as { stage?: { enum?: unknown } } | undefined)?.stage?.enum;
  return Array.isArray(stages) ? stages.map(String) : undefined;
}

/** Runs every check on every plan; an empty list means all plans are valid. */
export function checkPlans(sources: PlanSources, registries: Registries = defaultRegistries()): Problem[] {
  const problems: Problem[] = [...(sources.unreadable ?? [])];
  // verbose: an error carries its schema, for "did you mean …" among the properties it allows.
  const meta = new Ajv({ allErrors: true, strict: false, verbose: true });
  const strict = strictAjv();
  const common = checkCommonDocuments(sources.common, strict);
  problems.push(...common.problems);
  const stages = stageNames(sources.common);
  if (!stages) {
    problems.push({
      file: APPLICATION_SCHEMA,
      where: '/$defs/stage/enum',
      message: 'missing: the list of stages is read from here (stageIs guards are checked against it)',
    });
  }
  const checkers: Checkers = {
    validatePlan: meta.compile(sources.metaSchemas.plan),
    validateMachine: meta.compile(sources.metaSchemas.machine),
    validateFixtures: meta.compile(sources.metaSchemas.fixtures),
    validateContent: meta.compile(sources.metaSchemas.content),
    strict,
    common: commonDocuments(sources.common),
    stages,
    registries,
    root: sources.root,
    brokenCommonRefs: common.brokenCommonRefs,
  };
  for (const [code, files] of Object.entries(sources.plans)) {
    try {
      problems.push(
        ...checkPlanFolder(
          code,
          files,
          checkers,
          sources.generatedValidators ? (sources.generatedValidators[code] ?? {}) : undefined,
        ),
      );
    } catch (error) {
      problems.push({
        file: `plans/${code}`,
        where: '/',
        message: `plans:validate could not finish checking this plan: ${(error as Error).message}`,
      });
    }
  }
  problems.push(...checkAcrossPlans(sources.plans));
  const located = (sources.root ? locateProblems(problems, sources.root, sources.plans) : problems).map(
    ({ key: _key, ...problem }) => problem,
  );
  // A file two forms (a step and the popup that edits it) or two plans share is reported once.
  const seen = new Set<string>();
  return located.filter((p) => {
    const key = `${p.file}\u0000${p.where}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
