import type Ajv from 'ajv';
import { createActor } from 'xstate';
import { buildPlan, type commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan, PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { compilingValidators } from '../../engine/validation/createFormValidator.ts';
import { createJourneyMachine } from '../../engine/machine/createJourneyMachine.ts';
import type { PlanContent } from '../../src/plans/planContent.ts';
import { checkAgeRules } from './ageRuleChecks.ts';
import { checkConditions } from './conditionChecks.ts';
import { checkConsents } from './consentChecks.ts';
import { checkContent } from './contentChecks.ts';
import { checkFactCopy } from './factCopyChecks.ts';
import { checkHelpTexts } from './helpTextChecks.ts';
import { checkLandingExample } from './exampleChecks.ts';
import { checkForms } from './formChecks.ts';
import { checkGeneratedValidators, type GeneratedTexts } from './generatedValidators.ts';
import { checkMachine } from './machineChecks.ts';
import { checkBasis, checkPlanNames } from './nameChecks.ts';
import { checkOfferRules } from './offerRuleChecks.ts';
import { checkMaximumPremiums } from './maximumPremiumChecks.ts';
import { checkPremiumRules } from './premiumRuleChecks.ts';
import { ajvProblems, didYouMean, type Problem } from './problem.ts';
import type { Registries } from './registries.ts';
import { checkRefs } from './schemaRefChecks.ts';
import { checkStepIds } from './stepIdChecks.ts';
import { checkBasisRules } from './basisRuleChecks.ts';
import { checkJourneyQuote } from './journeyQuoteChecks.ts';
import { checkEntryAgeQuotes } from './entryAgeQuoteChecks.ts';

/*
 * Every check of one plan folder (schemas/plans/<CODE>/), in the order a plan is built: its
 * plan.json, names and basis, the $refs of its forms, then the built plan (content, machine,
 * forms, generated validators, rules) and, with the schemas root, the quotes it prices.
 */

/** A problem ajv's strict compile found (its generated validators are not checked then). */
const STRICT = /^(strict compile:|unknown keyword|unknown format)/;

/** What checking a plan folder needs, made once for all plans (planChecks.ts). */
export interface Checkers {
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

/** The problems of one plan folder; a plan that cannot be read or built stops at what says why. */
export function checkPlanFolder(
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
    plan = buildPlan(files, c.common, compilingValidators, { proposal: true });
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

  problems.push(...checkConditions(code, files, plan, Object.values(c.common) as JsonSchema[], c.strict));
  problems.push(...checkForms(code, files, config, plan, c));
  if (generated && !problems.some((p) => STRICT.test(p.message))) {
    problems.push(...checkGeneratedValidators(code, plan, generated));
  }
  problems.push(...checkAgeRules(code, plan));
  problems.push(...checkPremiumRules(code, plan, files, calculator));
  problems.push(...checkMaximumPremiums(code, plan, files, calculator));
  problems.push(...checkHelpTexts(code, plan));
  problems.push(...checkConsents(code, plan));
  problems.push(...checkOfferRules(code, config, files, calculator, plan.content));
  problems.push(...checkBasisRules(code, config, files, calculator));
  // Copy that writes a fact's figure instead of its {{…}} (the schemas root says what is written where).
  if (c.root) problems.push(...checkFactCopy(code, files, c.root, calculator));
  if (c.root) {
    const journey = checkJourneyQuote(code, plan, files, c.root);
    problems.push(...journey);
    // Once its own journey prices, the plan's defaults are priced at every entry age.
    if (journey.length === 0) problems.push(...checkEntryAgeQuotes(code, plan, files, c.root));
  }
  return problems;
}
