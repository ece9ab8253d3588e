import Ajv from 'ajv';
import { createActor } from 'xstate';
import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan, PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { configureAjv } from '../../engine/validation/configureAjv.ts';
import { compilingValidators } from '../../engine/validation/createFormValidator.ts';
import { createJourneyMachine } from '../../engine/machine/createJourneyMachine.ts';
import type { PlanContent } from '../../src/plans/planContent.ts';
import { checkAgeRules } from './ageRuleChecks.ts';
import { checkContent } from './contentChecks.ts';
import { checkHelpTexts } from './helpTextChecks.ts';
import { checkLandingExample } from './exampleChecks.ts';
import { checkFixtures } from './fixtureChecks.ts';
import { checkGeneratedValidators, type GeneratedTexts } from './generatedValidators.ts';
import { checkMachine } from './machineChecks.ts';
import { checkBasis, checkPlanNames } from './nameChecks.ts';
import { checkOfferRules } from './offerRuleChecks.ts';
import { checkMaximumPremiums } from './maximumPremiumChecks.ts';
import { checkPremiumRules } from './premiumRuleChecks.ts';
import { checkRenderable } from './renderChecks.ts';
import { ajvProblems, didYouMean, pointerSegment, type Problem } from './problem.ts';
import { defaultRegistries, type Registries } from './registries.ts';
import { propertySchemas } from './schemaWalk.ts';
import { checkUiSchemaFields, checkUiSchemaNames } from './uiSchemaChecks.ts';
import { locateProblems } from './locateProblems.ts';
import { checkRefs, fileOfId, strictProblems } from './schemaRefChecks.ts';
import { checkStepIds } from './stepIdChecks.ts';
import { checkBasisRules } from './basisRuleChecks.ts';
import { checkJourneyQuote } from './journeyQuoteChecks.ts';
import { checkEntryAgeQuotes } from './entryAgeQuoteChecks.ts';

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

/** A problem ajv's strict compile found (its generated validators are not checked then). */
const STRICT = /^(strict compile:|unknown keyword|unknown format)/;

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

interface Checkers {
  validatePlan: ReturnType<Ajv['compile']>;
  validateMachine: ReturnType<Ajv['compile']>;
  validateFixtures: ReturnType<Ajv['compile']>;
  validateContent: ReturnType<Ajv['compile']>;
  strict: Ajv;
  common: ReturnType<typeof commonDocuments>;
  stages?: string[];
  registries: Registries;
  /** The schemas root, when known: the fixture journeys are priced (mortality tables are read from it). */
  root?: string;
  /** A shared document has a $ref that does not resolve (reported at it): plans that reach it cannot be bundled. */
  brokenCommonRefs?: boolean;
}

function checkEntry(file: string, config: PlanConfig, plan: LoadedPlan): Problem[] {
  if (!config.entry) return [];
  const entryStep = plan.steps[config.entry.step];
  if (!entryStep)
    return [
      {
        file,
        where: '/entry/step',
        message: `"${config.entry.step}" is not a step of plan.json${didYouMean(config.entry.step, Object.keys(plan.steps))}`,
      },
    ];
  if (Object.values(entryStep.definition.bind).some((pointer) => config.entry!.details.startsWith(pointer)))
    return [];
  return [
    {
      file,
      where: '/entry/details',
      message: `"${config.entry.details}" is not a place the step "${config.entry.step}" is bound to`,
    },
  ];
}

function checkPlan(
  code: string,
  files: PlanFiles,
  c: Checkers,
  generated: GeneratedTexts | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const at = (path: string) => `plans/${code}/${path}`;
  const config = files['plan.json'] as PlanConfig | undefined;
  if (!config) {
    return [
      {
        file: at('plan.json'),
        where: '/',
        message: 'missing: every folder under schemas/plans/ needs a plan.json',
      },
    ];
  }
  if (!c.validatePlan(config)) return ajvProblems(at('plan.json'), c.validatePlan.errors);
  if (config.productId !== code) {
    problems.push({
      file: at('plan.json'),
      where: '/productId',
      message: `is "${config.productId}" but the folder is ${code}`,
    });
  }
  problems.push(...checkPlanNames(at('plan.json'), config, c.registries, c.stages));
  const calculator = Object.hasOwn(c.registries.calculators, config.calculator)
    ? c.registries.calculators[config.calculator]
    : undefined;
  if (calculator) problems.push(...checkBasis(`plans/${code}`, files, calculator, config.calculator));

  problems.push(...checkStepIds(at('plan.json'), config, files[config.machine]));
  // Every $ref of every form resolves, else bundling stops with no place named.
  const documents = new Map<string, unknown>(Object.entries(c.common));
  const forms = [...Object.values(config.steps ?? {}), ...Object.values(config.popups ?? {})];
  for (const form of forms) {
    const schema = files[form.schema];
    if (schema && typeof schema === 'object' && typeof (schema as JsonSchema).$id === 'string')
      documents.set((schema as JsonSchema).$id as string, schema);
  }
  const refProblems = [...new Set(forms.map((form) => form.schema))].flatMap((path) => {
    const schema = files[path];
    return schema && typeof schema === 'object' ? checkRefs(at(path), schema as JsonSchema, documents) : [];
  });
  if (refProblems.length) return [...problems, ...refProblems];

  let plan: LoadedPlan;
  try {
    plan = buildPlan(files, c.common, compilingValidators);
  } catch (error) {
    // A shared document's $ref that does not resolve is reported once, at the $ref.
    if (c.brokenCommonRefs) return problems;
    return [...problems, { file: at('plan.json'), where: '/steps', message: (error as Error).message }];
  }
  if (config.content) {
    if (!c.validateContent(plan.content))
      problems.push(...ajvProblems(at(config.content), c.validateContent.errors));
    else {
      problems.push(
        ...checkContent(
          at(config.content),
          plan.content as unknown as PlanContent,
          config,
          files,
          calculator,
        ),
        ...checkLandingExample(at(config.content), plan.content as unknown as PlanContent, config, files),
      );
    }
  }
  problems.push(...checkEntry(at('plan.json'), config, plan));

  const adapter = config.adapter ? c.registries.adapters[config.adapter] : undefined;
  if (!c.validateMachine(plan.machine))
    problems.push(...ajvProblems(at(config.machine), c.validateMachine.errors));
  const machineProblems = checkMachine(at(config.machine), plan.machine, config, {
    guards: [...c.registries.guards, ...(adapter?.guards ?? [])],
    actions: [...c.registries.actions, ...(adapter?.actions ?? [])],
    stages: c.stages,
  });
  problems.push(...machineProblems);
  // XState's own words only for what the checks above did not already name.
  if (machineProblems.length === 0) {
    try {
      createActor(createJourneyMachine(plan.machine, { matchesSchema: plan.matchesSchema }), {
        input: { application: {} as never },
      })
        .start()
        .stop();
    } catch (error) {
      problems.push({
        file: at(config.machine),
        where: '/',
        message: `XState rejects it: ${(error as Error).message}`,
      });
    }
  }

  // Steps and popups are both forms of the plan, checked alike.
  for (const [stepId, step] of [...Object.entries(plan.steps), ...Object.entries(plan.popups)]) {
    try {
      c.strict.compile({ ...step.schema, $id: `${String(step.schema.$id)}#strict-${stepId}` });
    } catch (error) {
      const file = at(step.definition.schema);
      const message = (error as Error).message;
      const written = [
        { file, schema: files[step.definition.schema] },
        { file, schema: step.schema },
      ];
      problems.push(
        ...(strictProblems(file, written, message, c.strict) ?? [
          { file, where: '/', message: `strict compile: ${message}` },
        ]),
      );
      continue;
    }
    problems.push(...checkRenderable(at(step.definition.schema), step.schema));
    const uiFile = at(step.definition.uiSchema);
    problems.push(...checkUiSchemaFields(uiFile, step.uiSchema, [step.schema], step.schema));
    problems.push(...checkUiSchemaNames(uiFile, step.uiSchema, c.registries));
    for (const [field, pointer] of Object.entries(step.definition.bind)) {
      if (!propertySchemas(step.schema, step.schema).has(field)) {
        problems.push({
          file: at('plan.json'),
          where: `/${config.steps[stepId] ? 'steps' : 'popups'}/${stepId}/bind/${pointerSegment(field)}`,
          message: `"${field}" (bound to ${pointer}) is not a field of the step schema${didYouMean(field, propertySchemas(step.schema, step.schema).keys())}`,
        });
      }
    }
    if (step.definition.fixtures) {
      const fixtures = files[step.definition.fixtures];
      const file = at(step.definition.fixtures);
      if (fixtures === undefined) problems.push({ file, where: '/', message: 'missing' });
      else if (!c.validateFixtures(fixtures)) problems.push(...ajvProblems(file, c.validateFixtures.errors));
      else problems.push(...checkFixtures(file, fixtures, step, stepId));
    }
  }
  if (generated && !problems.some((p) => STRICT.test(p.message))) {
    problems.push(...checkGeneratedValidators(code, plan, generated));
  }
  problems.push(...checkAgeRules(code, plan));
  problems.push(...checkPremiumRules(code, plan, files, calculator));
  problems.push(...checkMaximumPremiums(code, plan, files, calculator));
  problems.push(...checkHelpTexts(code, plan));
  problems.push(...checkOfferRules(code, config, files, calculator, plan.content));
  problems.push(...checkBasisRules(code, config, files, calculator));
  if (c.root) {
    const journey = checkJourneyQuote(code, plan, files, c.root);
    problems.push(...journey);
    // Once its own journey prices, the plan's defaults are priced at every entry age.
    if (journey.length === 0) problems.push(...checkEntryAgeQuotes(code, plan, files, c.root));
  }
  return problems;
}

/** Runs every check on every plan; an empty list means all plans are valid. */
export function checkPlans(sources: PlanSources, registries: Registries = defaultRegistries()): Problem[] {
  const problems: Problem[] = [...(sources.unreadable ?? [])];
  // verbose: an error carries its schema, for "did you mean …" among the properties it allows.
  const meta = new Ajv({ allErrors: true, strict: false, verbose: true });
  const strict = strictAjv();
  const commonById = new Map<string, unknown>(
    sources.common.filter((doc) => typeof doc.$id === 'string').map((doc) => [doc.$id as string, doc]),
  );
  const commonProblem = (doc: JsonSchema, error: unknown): Problem[] => {
    const file = fileOfId(String(doc.$id));
    const message = (error as Error).message;
    return strictProblems(file, [{ file, schema: doc }], message, strict) ?? [{ file, where: '/', message }];
  };
  let brokenCommonRefs = false;
  for (const doc of sources.common) {
    const refs = checkRefs(fileOfId(String(doc.$id)), doc, commonById);
    brokenCommonRefs ||= refs.length > 0;
    problems.push(...refs);
    try {
      strict.addSchema(doc);
    } catch (error) {
      problems.push(...commonProblem(doc, error));
    }
  }
  for (const doc of sources.common) {
    try {
      strict.getSchema(String(doc.$id));
    } catch (error) {
      if (!problems.some((p) => p.file === fileOfId(String(doc.$id))))
        problems.push(...commonProblem(doc, error));
    }
  }
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
    brokenCommonRefs,
  };
  for (const [code, files] of Object.entries(sources.plans)) {
    try {
      problems.push(
        ...checkPlan(
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
  // A plan that offers another plan's brochure names a plan that exists.
  for (const [code, files] of Object.entries(sources.plans)) {
    const other = (files['plan.json'] as PlanConfig | undefined)?.brochureOf;
    if (other !== undefined && !(other in sources.plans)) {
      problems.push({
        file: `plans/${code}/plan.json`,
        where: '/brochureOf',
        message: `names the plan "${other}", which has no folder under schemas/plans/ (plans: ${Object.keys(sources.plans).join(', ')})`,
      });
    }
  }
  // Quotes find their plan by UIN, and the catalogue and addresses by product id and path:
  // no two plans may share one.
  const taken = new Map<string, string>();
  for (const [code, files] of Object.entries(sources.plans)) {
    const config = files['plan.json'] as PlanConfig | undefined;
    if (!config) continue;
    const routes = config.routes as { pathBase?: string; slug?: string } | undefined;
    const keys: Array<[string, unknown]> = [
      ['/uin', config.uin],
      ['/routes/slug', routes ? `${routes.pathBase ?? ''}${routes.slug ?? ''}` : undefined],
    ];
    for (const [where, value] of keys) {
      if (typeof value !== 'string' || value === '') continue;
      const other = taken.get(`${where}=${value}`);
      if (other) {
        problems.push({
          file: `plans/${code}/plan.json`,
          where,
          message: `"${value}" is already ${other}'s: each plan needs its own (quotes find their plan by UIN, visitors by address)`,
        });
      } else taken.set(`${where}=${value}`, code);
    }
  }
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
