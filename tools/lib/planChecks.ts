import Ajv, { type ErrorObject } from 'ajv';
import { createActor } from 'xstate';
import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan, LoadedStep, PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { configureAjv } from '../../engine/validation/configureAjv.ts';
import { validateData } from '../../engine/validation/validateData.ts';
import { createJourneyMachine, GENERIC_ACTION_NAMES } from '../../engine/machine/createJourneyMachine.ts';
import { GENERIC_GUARD_NAMES } from '../../engine/machine/guards.ts';
import { calculators } from '../../src/pricing/calculators.ts';
import type { PlanContent } from '../../src/plans/planContent.ts';
import { resolveFixtureData } from './fixtureDates.ts';

/*
 * Every check `npm run plans:validate` makes, as a function returning located problems,
 * so the CLI prints them and tests can prove a broken plan is caught.
 */

export interface Problem {
  /** File relative to schemas/, e.g. 'plans/T54/plan.json'. */
  file: string;
  /** Where in the file (JSON Pointer, state path or fixture case). */
  where: string;
  message: string;
}

export interface PlanSources {
  metaSchemas: { plan: JsonSchema; machine: JsonSchema; fixtures: JsonSchema; content: JsonSchema };
  common: JsonSchema[];
  plans: Record<string, PlanFiles>;
}

type Ref = string | { type: string; params?: Record<string, unknown> };

function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): Problem[] {
  return (errors ?? []).map((e) => ({
    file,
    where: e.instancePath || '/',
    message: `${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` ('${String(e.params.additionalProperty)}')` : ''}`,
  }));
}

function strictAjv(): Ajv {
  return configureAjv(new Ajv({ strict: true, strictTypes: false, allErrors: true, $data: true }), {
    formats: true,
  });
}

/** Property names a (bundled) schema may have, across properties, allOf/anyOf/oneOf, if/then/else and local $refs. */
function propertySchemas(
  schema: JsonSchema,
  root: JsonSchema,
  seen = new Set<object>(),
): Map<string, JsonSchema[]> {
  const out = new Map<string, JsonSchema[]>();
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return out;
  seen.add(schema);
  const add = (more: Map<string, JsonSchema[]>) =>
    more.forEach((list, name) => out.set(name, [...(out.get(name) ?? []), ...list]));
  for (const [name, sub] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {})) {
    out.set(name, [...(out.get(name) ?? []), sub]);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const sub of (schema[key] as JsonSchema[]) ?? []) add(propertySchemas(sub, root, seen));
  }
  for (const key of ['if', 'then', 'else'])
    if (schema[key]) add(propertySchemas(schema[key] as JsonSchema, root, seen));
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    let target: unknown = root;
    for (const part of schema.$ref.slice(2).split('/')) target = (target as Record<string, unknown>)?.[part];
    if (target) add(propertySchemas(target as JsonSchema, root, seen));
  }
  return out;
}

function checkUiSchema(
  file: string,
  ui: unknown,
  schemas: JsonSchema[],
  root: JsonSchema,
  path: string,
): Problem[] {
  if (!ui || typeof ui !== 'object') return [];
  const props = new Map<string, JsonSchema[]>();
  for (const schema of schemas) {
    propertySchemas(schema, root).forEach((list, name) =>
      props.set(name, [...(props.get(name) ?? []), ...list]),
    );
  }
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:order') {
      for (const name of value as string[]) {
        if (name !== '*' && !props.has(name)) {
          problems.push({
            file,
            where: `${path}/ui:order`,
            message: `names "${name}", which is not a field of the schema`,
          });
        }
      }
    } else if (!key.startsWith('ui:')) {
      const sub = props.get(key);
      if (!sub)
        problems.push({ file, where: `${path}/${key}`, message: `"${key}" is not a field of the schema` });
      else problems.push(...checkUiSchema(file, value, sub, root, `${path}/${key}`));
    }
  }
  return problems;
}

function refNames(ref: unknown, kind: 'guard' | 'action'): string[] {
  if (ref === undefined) return [];
  if (Array.isArray(ref)) return ref.flatMap((r) => refNames(r, kind));
  const named = (typeof ref === 'string' ? { type: ref } : ref) as Exclude<Ref, string>;
  const nested =
    kind === 'guard' ? [...((named.params?.guards as unknown[]) ?? []), named.params?.guard] : [];
  return [named.type, ...nested.flatMap((r) => refNames(r, kind))];
}

interface StateNode {
  initial?: string;
  meta?: { route?: string; step?: string; stepper?: string };
  on?: Record<string, unknown>;
  always?: unknown;
  after?: Record<string, unknown>;
  entry?: unknown;
  exit?: unknown;
  states?: Record<string, StateNode>;
}

function checkMachine(file: string, machine: StateNode, config: PlanConfig): Problem[] {
  const problems: Problem[] = [];
  const guards = new Set(GENERIC_GUARD_NAMES);
  const actions = new Set<string>(GENERIC_ACTION_NAMES);
  const stepperIds = new Set(config.stepper.map((s) => s.id));
  const routes = new Map<string, string>();

  const visit = (node: StateNode, path: string[], parent: StateNode | undefined) => {
    const where = path.length ? path.join('.') : '(root)';
    if (node.initial && !node.states?.[node.initial]) {
      problems.push({ file, where, message: `initial state "${node.initial}" does not exist` });
    }
    if (node.meta?.step && !config.steps[node.meta.step]) {
      problems.push({ file, where, message: `meta.step "${node.meta.step}" is not a step of plan.json` });
    }
    if (node.meta?.stepper && !stepperIds.has(node.meta.stepper)) {
      problems.push({
        file,
        where,
        message: `meta.stepper "${node.meta.stepper}" is not in plan.json stepper`,
      });
    }
    if (node.meta?.route !== undefined) {
      const other = routes.get(node.meta.route);
      if (other)
        problems.push({ file, where, message: `route "${node.meta.route}" is also used by ${other}` });
      routes.set(node.meta.route, where);
    }
    const transitions = [
      ...Object.values(node.on ?? {}),
      ...Object.values(node.after ?? {}),
      ...(node.always ? [node.always] : []),
    ].flatMap((t) => (Array.isArray(t) ? t : [t]));
    for (const t of transitions) {
      const transition = (typeof t === 'string' ? { target: t } : t) as {
        target?: string;
        guard?: unknown;
        actions?: unknown;
      };
      if (transition.target !== undefined) {
        const target = transition.target;
        const exists = target.startsWith('.')
          ? Boolean(node.states?.[target.slice(1)])
          : Boolean(parent?.states?.[target]);
        if (!exists) problems.push({ file, where, message: `transition target "${target}" does not exist` });
      }
      for (const name of refNames(transition.guard, 'guard')) {
        if (!guards.has(name)) problems.push({ file, where, message: `guard "${name}" is not implemented` });
      }
      for (const name of refNames(transition.actions, 'action')) {
        if (!actions.has(name))
          problems.push({ file, where, message: `action "${name}" is not implemented` });
      }
    }
    for (const name of [...refNames(node.entry, 'action'), ...refNames(node.exit, 'action')]) {
      if (!actions.has(name)) problems.push({ file, where, message: `action "${name}" is not implemented` });
    }
    for (const [name, child] of Object.entries(node.states ?? {})) visit(child, [...path, name], node);
  };
  visit(machine, [], undefined);
  return problems;
}

function checkFixtures(file: string, fixtures: unknown, loaded: LoadedStep, stepId: string): Problem[] {
  const { cases, step } = fixtures as {
    step: string;
    cases: Array<{ name: string; data: unknown; errors: Record<string, string> }>;
  };
  if (step !== stepId)
    return [{ file, where: '/step', message: `names step "${step}", expected "${stepId}"` }];
  const problems: Problem[] = [];
  for (const [index, fixture] of cases.entries()) {
    const where = `cases/${index} "${fixture.name}"`;
    const data = resolveFixtureData(fixture.data);
    const actual = Object.fromEntries(
      validateData(loaded.schema, data, { uiSchema: loaded.uiSchema }).errors.map((e) => [
        e.field,
        e.message,
      ]),
    );
    for (const [field, message] of Object.entries(fixture.errors)) {
      if (actual[field] === undefined)
        problems.push({ file, where, message: `expected ${field}: "${message}", got no error` });
      else if (actual[field] !== message) {
        problems.push({ file, where, message: `expected ${field}: "${message}", got "${actual[field]}"` });
      }
    }
    for (const [field, message] of Object.entries(actual)) {
      if (!(field in fixture.errors))
        problems.push({ file, where, message: `unexpected error ${field}: "${message}"` });
    }
  }
  return problems;
}

/**
 * The content file agrees with plan.json (code, name, UIN, sub-title) and, when the plan has
 * a pricing basis, with its options: the same codes and names, and joint life where it allows it.
 */
function checkContent(file: string, content: PlanContent, config: PlanConfig, files: PlanFiles): Problem[] {
  const problems: Problem[] = [];
  const expect = (where: string, actual: unknown, wanted: unknown) => {
    if (actual !== wanted)
      problems.push({
        file,
        where,
        message: `is "${String(actual)}" but plan.json says "${String(wanted)}"`,
      });
  };
  expect('/planCode', content.planCode, config.planCode);
  expect('/productIdentification/planName', content.productIdentification.planName, config.productName);
  expect('/productIdentification/uin', content.productIdentification.uin, config.uin);
  expect('/productIdentification/description', content.productIdentification.description, config.subTitle);
  const calculator = Object.hasOwn(calculators, config.calculator)
    ? calculators[config.calculator as keyof typeof calculators]
    : undefined;
  const basis = calculator
    ? (files[calculator.basisFile] as
        { options?: { code: string; name: string; jointLife: boolean }[] } | undefined)
    : undefined;
  if (!basis?.options) return problems;
  const codes = new Set(content.planOptions.map((option) => option.code));
  for (const option of basis.options) {
    if (!codes.has(option.code)) {
      problems.push({
        file,
        where: '/planOptions',
        message: `has no option ${option.code} of ${calculator!.basisFile}`,
      });
    }
  }
  content.planOptions.forEach((option, index) => {
    const priced = basis.options!.find((o) => o.code === option.code);
    const where = `/planOptions/${index}`;
    if (!priced)
      problems.push({ file, where, message: `${option.code} is not an option of ${calculator!.basisFile}` });
    else if (priced.name !== option.name) {
      problems.push({
        file,
        where: `${where}/name`,
        message: `is "${option.name}" but the basis names ${option.code} "${priced.name}"`,
      });
    } else if (priced.jointLife !== option.jointLife) {
      problems.push({
        file,
        where: `${where}/jointLife`,
        message: `is ${String(option.jointLife)} but the basis says ${String(priced.jointLife)}`,
      });
    }
  });
  content.benefits.forEach((benefit, index) => {
    for (const code of benefit.options.filter((c) => !codes.has(c))) {
      problems.push({
        file,
        where: `/benefits/${index}/options`,
        message: `names ${code}, which is not a plan option`,
      });
    }
  });
  return problems;
}

/** Runs every check on every plan; an empty list means all plans are valid. */
export function checkPlans(sources: PlanSources): Problem[] {
  const problems: Problem[] = [];
  const meta = new Ajv({ allErrors: true, strict: false });
  const validatePlan = meta.compile(sources.metaSchemas.plan);
  const validateMachine = meta.compile(sources.metaSchemas.machine);
  const validateFixtures = meta.compile(sources.metaSchemas.fixtures);
  const validateContent = meta.compile(sources.metaSchemas.content);

  const strict = strictAjv();
  for (const doc of sources.common) {
    try {
      strict.addSchema(doc);
    } catch (error) {
      problems.push({ file: `common/${String(doc.$id)}`, where: '/', message: (error as Error).message });
    }
  }
  for (const doc of sources.common) {
    try {
      strict.getSchema(String(doc.$id));
    } catch (error) {
      problems.push({ file: `common/${String(doc.$id)}`, where: '/', message: (error as Error).message });
    }
  }
  const common = commonDocuments(sources.common);

  for (const [code, files] of Object.entries(sources.plans)) {
    const at = (path: string) => `plans/${code}/${path}`;
    const config = files['plan.json'] as PlanConfig | undefined;
    if (!config) {
      problems.push({ file: at('plan.json'), where: '/', message: 'missing' });
      continue;
    }
    if (!validatePlan(config)) {
      problems.push(...ajvProblems(at('plan.json'), validatePlan.errors));
      continue;
    }
    if (config.productId !== code) {
      problems.push({
        file: at('plan.json'),
        where: '/productId',
        message: `is "${config.productId}" but the folder is ${code}`,
      });
    }
    let plan: LoadedPlan;
    try {
      plan = buildPlan(files, common);
    } catch (error) {
      problems.push({ file: at('plan.json'), where: '/steps', message: (error as Error).message });
      continue;
    }
    if (config.content) {
      if (!validateContent(plan.content))
        problems.push(...ajvProblems(at(config.content), validateContent.errors));
      else
        problems.push(
          ...checkContent(at(config.content), plan.content as unknown as PlanContent, config, files),
        );
    }
    if (config.entry) {
      const entryStep = plan.steps[config.entry.step];
      if (!entryStep) {
        problems.push({
          file: at('plan.json'),
          where: '/entry/step',
          message: `"${config.entry.step}" is not a step of plan.json`,
        });
      } else if (
        !Object.values(entryStep.definition.bind).some((pointer) => config.entry!.details.startsWith(pointer))
      ) {
        problems.push({
          file: at('plan.json'),
          where: '/entry/details',
          message: `"${config.entry.details}" is not a place the step "${config.entry.step}" is bound to`,
        });
      }
    }
    if (!validateMachine(plan.machine))
      problems.push(...ajvProblems(at(config.machine), validateMachine.errors));
    problems.push(...checkMachine(at(config.machine), plan.machine as StateNode, config));
    try {
      createActor(createJourneyMachine(plan.machine), { input: { application: {} as never } })
        .start()
        .stop();
    } catch (error) {
      problems.push({
        file: at(config.machine),
        where: '/',
        message: `XState rejects it: ${(error as Error).message}`,
      });
    }
    // Steps and popups are both forms of the plan, checked alike.
    for (const [stepId, step] of [...Object.entries(plan.steps), ...Object.entries(plan.popups)]) {
      try {
        strict.compile({ ...step.schema, $id: `${String(step.schema.$id)}#strict-${stepId}` });
      } catch (error) {
        problems.push({
          file: at(step.definition.schema),
          where: '/',
          message: `strict compile: ${(error as Error).message}`,
        });
        continue;
      }
      problems.push(
        ...checkUiSchema(at(step.definition.uiSchema), step.uiSchema, [step.schema], step.schema, ''),
      );
      for (const [field, pointer] of Object.entries(step.definition.bind)) {
        if (!propertySchemas(step.schema, step.schema).has(field)) {
          problems.push({
            file: at('plan.json'),
            where: `/steps/${stepId}/bind/${field}`,
            message: `"${field}" (bound to ${pointer}) is not a field of the step schema`,
          });
        }
      }
      if (step.definition.fixtures) {
        const fixtures = files[step.definition.fixtures];
        const file = at(step.definition.fixtures);
        if (fixtures === undefined) problems.push({ file, where: '/', message: 'missing' });
        else if (!validateFixtures(fixtures)) problems.push(...ajvProblems(file, validateFixtures.errors));
        else problems.push(...checkFixtures(file, fixtures, step, stepId));
      }
    }
  }
  return problems;
}
