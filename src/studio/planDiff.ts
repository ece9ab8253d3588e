import type { PlanFiles } from '../../engine/plan/types.ts';

/*
 * What a change to a plan does, in the words of the business (issue 22): the plan as composed
 * before and after (src/plans/nodePlanSource.ts readPlanFiles, every fact filled in), compared
 * file by file. A fact of plan.json reads as its name ('Minimum yearly premium 50,000 → 45,000'),
 * a message a visitor is shown as the message, a step's field as the step's field; anything else
 * as the file and the place in it. The studio shows these beside the fixture results, and 'Save
 * for review' writes them as the commit's message.
 */

export type ChangeKind = 'fact' | 'message' | 'copy' | 'field' | 'step' | 'fixture' | 'other';

export interface PlanChange {
  kind: ChangeKind;
  /** The change in words, e.g. 'Minimum yearly premium 50,000 → 45,000'. */
  text: string;
  /** The plan's file (as plan.json names it) and the JSON Pointer of the change in it, composed. */
  file: string;
  pointer: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (value: unknown): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const FREQUENCY_WORDS: Record<string, string> = {
  Single: 'single',
  Yearly: 'yearly',
  'Half Yearly': 'half-yearly',
  Quarterly: 'quarterly',
  Monthly: 'monthly',
};

/** A figure as the plan's copy writes it: Indian grouping for amounts, as is for the rest. */
function shown(value: Json | undefined): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'number') return value.toLocaleString('en-IN');
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

/** 'minimumPremium' -> 'minimum premium'. */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The name of a fact of plan.json at `path` (segments; an array item by its value or id). */
function factName(path: string[]): string {
  const [head, second, third, fourth] = path;
  if (head === 'ageLimits' && (second === 'proposer' || second === 'insured') && third) {
    const who = second === 'proposer' ? 'the proposer' : 'the life assured';
    if (third === 'min') return `Minimum age of ${who}`;
    if (third === 'max') return `Maximum age of ${who}`;
  }
  if (head === 'ageLimits' && second === 'secondaryAgeDifference')
    return 'Largest age difference with a second life';
  if (head === 'paymentFrequencies' && second && third === 'minimumPremium')
    return `Minimum ${FREQUENCY_WORDS[second] ?? second.toLowerCase()} premium`;
  if (head === 'paymentFrequencies' && second && third)
    return `${capital(FREQUENCY_WORDS[second] ?? second)} payment: ${words(third)}`;
  if (head === 'offers' && second && fourth === undefined && third)
    return `Offer '${second}': ${words(third)}`;
  return capital(path.map((segment) => words(segment)).join(' › '));
}

/** The key an array item is known by (as the composer's pointers name items): id, value or code. */
function itemKey(item: Json, index: number): string {
  if (isObject(item)) {
    for (const key of ['id', 'value', 'code'] as const) {
      const value = item[key];
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
  }
  return String(index);
}

interface Leaf {
  path: string[];
  pointer: string;
  value: Json;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every leaf (and every empty object or list) of a JSON value, arrays by their items' keys. */
function leaves(value: Json, path: string[] = [], pointer = ''): Leaf[] {
  if (Array.isArray(value)) {
    if (value.length === 0 || value.every((item) => !isObject(item) && !Array.isArray(item)))
      return [{ path, pointer, value }];
    return value.flatMap((item, index) =>
      leaves(item, [...path, itemKey(item, index)], `${pointer}/${index}`),
    );
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return [{ path, pointer, value }];
    return entries.flatMap(([key, child]) =>
      leaves(child, [...path, key], `${pointer}/${escapePointer(key)}`),
    );
  }
  return [{ path, pointer, value }];
}

/** Leaves of before and after paired by their path (array items by key, not by index). */
function pairedLeaves(before: Json | undefined, after: Json | undefined) {
  const key = (leaf: Leaf) => leaf.path.join('\u0000');
  const old = new Map((before === undefined ? [] : leaves(before)).map((leaf) => [key(leaf), leaf]));
  const now = new Map((after === undefined ? [] : leaves(after)).map((leaf) => [key(leaf), leaf]));
  const pairs: { path: string[]; pointer: string; before?: Json; after?: Json }[] = [];
  for (const [id, leaf] of old) {
    const other = now.get(id);
    if (!other) pairs.push({ path: leaf.path, pointer: leaf.pointer, before: leaf.value });
    else if (JSON.stringify(other.value) !== JSON.stringify(leaf.value))
      pairs.push({ path: leaf.path, pointer: other.pointer, before: leaf.value, after: other.value });
  }
  for (const [id, leaf] of now) {
    if (!old.has(id)) pairs.push({ path: leaf.path, pointer: leaf.pointer, after: leaf.value });
  }
  return pairs;
}

/** Where a step schema's properties are: every `properties` map, with its place. */
function fieldsOf(schema: Json | undefined, pointer = ''): Map<string, { title: string; pointer: string }> {
  const found = new Map<string, { title: string; pointer: string }>();
  const walk = (node: Json | undefined, at: string, names: string[]) => {
    if (!isObject(node)) return;
    const properties = node.properties;
    if (isObject(properties)) {
      for (const [name, child] of Object.entries(properties)) {
        const place = `${at}/properties/${escapePointer(name)}`;
        const title = isObject(child) && typeof child.title === 'string' ? child.title : words(name);
        found.set([...names, name].join('.'), { title, pointer: place });
        walk(child, place, [...names, name]);
      }
    }
    for (const key of ['then', 'else', 'items'] as const) walk(node[key], `${at}/${key}`, names);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((child, index) => walk(child, `${at}/${key}/${index}`, names));
    }
  };
  walk(schema, pointer, []);
  return found;
}

/** Each step's and popup's files, named as the analyst knows the step: its schema's title, else its id. */
function stepNames(config: Json | undefined, files: PlanFiles): Map<string, string> {
  const names = new Map<string, string>();
  if (!isObject(config)) return names;
  for (const group of ['steps', 'popups'] as const) {
    const steps = config[group];
    if (!isObject(steps)) continue;
    for (const [id, step] of Object.entries(steps)) {
      if (!isObject(step) || typeof step.schema !== 'string') continue;
      const schema = files[step.schema] as Json | undefined;
      const name = isObject(schema) && typeof schema.title === 'string' ? schema.title : id;
      names.set(step.schema, name);
      if (typeof step.uiSchema === 'string') names.set(step.uiSchema, name);
    }
  }
  return names;
}

const MESSAGE_KEYS = new Set(['errorMessage']);
const COPY_KEYS = new Set([
  'title',
  'description',
  'ui:title',
  'ui:description',
  'ui:help',
  'ui:placeholder',
]);

/** A fixture file's cases (the saved test applicants), compared case by case in their order. */
function fixtureChanges(file: string, before: Json, after: Json): PlanChange[] {
  const cases = (value: Json) => (isObject(value) && Array.isArray(value.cases) ? value.cases : []);
  const old = cases(before);
  const now = cases(after);
  const nameOf = (item: Json | undefined, index: number) =>
    isObject(item) && typeof item.name === 'string' ? item.name : `case ${index + 1}`;
  const form = file.replace(/^fixtures\//, '').replace(/\.fixtures\.json$/, '');
  const changes: PlanChange[] = [];
  for (let index = 0; index < Math.max(old.length, now.length); index++) {
    const a = old[index];
    const b = now[index];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const change = a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
    changes.push({
      kind: 'fixture',
      text: `Fixture of ${form} "${nameOf(b ?? a, index)}" ${change}`,
      file,
      pointer: `/cases/${index}`,
    });
  }
  if (changes.length === 0)
    changes.push({ kind: 'fixture', text: `Fixtures of ${form} changed`, file, pointer: '' });
  return changes;
}

/** The changes between two composed versions of a plan's files, facts first. */
export function describePlanChanges(before: PlanFiles, after: PlanFiles): PlanChange[] {
  const changes: PlanChange[] = [];
  const steps = new Map([
    ...stepNames(before['plan.json'] as Json, before),
    ...stepNames(after['plan.json'] as Json, after),
  ]);
  const stepTitle = (file: string) => steps.get(file) ?? file;
  const files = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) =>
    a === 'plan.json' ? -1 : b === 'plan.json' ? 1 : a.localeCompare(b),
  );
  for (const file of files) {
    const old = before[file] as Json | undefined;
    const now = after[file] as Json | undefined;
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    if (old === undefined || now === undefined) {
      const step = steps.get(file);
      changes.push({
        kind: step ? 'step' : 'other',
        text: `${step ? `Step ${stepTitle(file)}: ` : ''}file ${file} ${old === undefined ? 'added' : 'removed'}`,
        file,
        pointer: '',
      });
      continue;
    }
    if (file.startsWith('fixtures/')) {
      changes.push(...fixtureChanges(file, old, now));
      continue;
    }
    const isStepSchema = steps.has(file) && file.endsWith('.schema.json');
    // A step schema's fields added or removed, by their titles.
    const fieldPlaces = new Set<string>();
    if (isStepSchema) {
      const oldFields = fieldsOf(old);
      const newFields = fieldsOf(now);
      const title = stepTitle(file);
      const sides = [
        [newFields, oldFields, 'added'],
        [oldFields, newFields, 'removed'],
      ] as const;
      for (const [these, others, change] of sides) {
        for (const [name, field] of these) {
          if (others.has(name)) continue;
          fieldPlaces.add(field.pointer);
          changes.push({
            kind: 'field',
            text: `Step ${title}: field ${field.title} ${change}`,
            file,
            pointer: field.pointer,
          });
        }
      }
    }
    for (const pair of pairedLeaves(old, now)) {
      // What an added or removed field holds is said by the field's own line.
      if ([...fieldPlaces].some((place) => pair.pointer === place || pair.pointer.startsWith(`${place}/`)))
        continue;
      const inMessage = pair.path.some((segment) => MESSAGE_KEYS.has(segment));
      const last = pair.path[pair.path.length - 1] ?? '';
      let kind: ChangeKind = 'other';
      let text: string;
      if (file === 'plan.json') {
        kind = 'fact';
        text = `${factName(pair.path)} ${shown(pair.before)} → ${shown(pair.after)}`;
      } else if (inMessage) {
        kind = 'message';
        text = `Message ${shown(pair.before)} → ${shown(pair.after)}`;
      } else if (typeof pair.before === 'string' || typeof pair.after === 'string') {
        kind = COPY_KEYS.has(last) || !isStepSchema ? 'copy' : 'other';
        const where = isStepSchema || steps.has(file) ? `Step ${stepTitle(file)}: ` : '';
        text = `${where}${kind === 'copy' ? 'Text' : capital(words(last))} ${shown(pair.before)} → ${shown(pair.after)}`;
      } else {
        const where = steps.has(file) ? `Step ${stepTitle(file)}: ` : `${file}: `;
        text = `${where}${capital(pair.path.map(words).join(' › '))} ${shown(pair.before)} → ${shown(pair.after)}`;
      }
      changes.push({ kind, text, file, pointer: pair.pointer });
    }
  }
  const order: ChangeKind[] = ['fact', 'field', 'step', 'message', 'copy', 'other', 'fixture'];
  return changes.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}
