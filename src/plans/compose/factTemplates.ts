import { itemIndex, itemKeys } from './itemKeys.ts';
import { isPlainObject } from './mergePatch.ts';

/**
 * Fact templates: plan data that restates a fact of the plan refers to it instead, as
 * `{{ageLimits.proposer.min}}`. A string that is one template and nothing else becomes the
 * fact's value whatever its type (`"max": "{{ageLimits.proposer.max}}"` is the number 65,
 * `"ageRange": "{{ageLimits.proposer}}"` the object); inside other text the fact is written in
 * (`"Age should be between {{ageLimits.proposer.min}} and {{ageLimits.proposer.max}}"`).
 *
 * A path is dotted names into the plan's facts (its composed plan.json). In an array a name
 * picks the item whose `id`, `value` or `code` is that name (`offers.online.discountPercent`,
 * `paymentFrequencies.Half Yearly.minimumPremium`), a number the item at that index.
 * Filters follow a bar, each with its arguments after colons:
 *   inr           a number with Indian grouping (50000 → "50,000"); on a list or map, each value
 *   pluck:field   a list of items → { item's id/value/code: item[field] }
 *   plus:n, minus:n, times:n   arithmetic on a number
 *   lower, upper  letter case
 *   lakh          an amount as copy says it: 2500000 → "25 lakh", 200000000 → "20 crore" (below a lakh, as inr)
 *   join:word     a list in words: [5, 10, 15] → "5, 10 or 15" (join:or); join alone is "and";
 *                 a mark joins every item alike: join:, → "5, 10, 15", join:; → "…; …"
 *   each:text     each item of a list as text, '#field' its field (each:#premiumPayingTerm/#policyTerm
 *                 → ["5/10", …]); '#field' alone keeps the value, '#' alone is the item itself
 *   unique        a list without repeats
 *   capital       text with its first letter a capital
 *   words, ordinal  0 to 20 in words ("five"), 1 to 20 as an ordinal ("fifth")
 *   count         how many items a list (or names a map) has
 *   range         an object's min… to its max…, every whole number: { min: 10, max: 12 } → [10, 11, 12]
 *   choices:text  a list as a step's options: [5, 10] → [{ const: 5, title: "5 Years" }, …] for
 *                 choices:# Years (each '#' in the text is the value)
 * Templates are resolved when a plan is composed (src/plans/compose), so nothing at run
 * time sees them. The runtime's own single-brace templates (`{label}`, `{amount}`) are left alone.
 */

export class FactError extends Error {}

const TEMPLATE = /\{\{\s*([^{}]+?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;

export function hasTemplate(value: string): boolean {
  return value.includes('{{');
}

/** The value at a dotted path into `facts`, or FactError naming the first step that fails. */
export function factAt(facts: unknown, path: string): unknown {
  return walk(
    facts,
    path.split('.').map((part) => part.trim()),
  );
}

/** The value at a list of segments (names or indices) into `value`. */
export function walk(value: unknown, segments: string[]): unknown {
  let current = value;
  const walked: string[] = [];
  for (const segment of segments) {
    if (Array.isArray(current)) {
      const index = itemIndex(current, segment);
      const found = index >= 0 ? current[index] : undefined;
      if (found === undefined) throw new FactError(missing(walked, segment, current));
      current = found;
    } else if (isPlainObject(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      throw new FactError(missing(walked, segment, current));
    }
    walked.push(segment);
  }
  return current;
}

function missing(walked: string[], segment: string, at: unknown): string {
  const where = walked.length ? `'${walked.join('.')}'` : 'the plan';
  const names = Array.isArray(at)
    ? at
        .flatMap((item) =>
          itemKeys(item)
            .filter((key) => key !== undefined)
            .slice(0, 1),
        )
        .map(String)
    : isPlainObject(at)
      ? Object.keys(at)
      : [];
  const suggestion = closest(segment, names);
  return (
    `${where} has no '${segment}'` +
    (suggestion ? ` (did you mean '${suggestion}'?)` : names.length ? ` (it has ${names.join(', ')})` : '')
  );
}

/** The name among `names` nearest to `name` (Levenshtein distance at most a third of its length). */
export function closest(name: string, names: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.ceil(name.length / 3)) + 1;
  for (const candidate of names) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length]!;
}

const indian = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

function numberOf(value: unknown, filter: string): number {
  if (typeof value !== 'number')
    throw new FactError(`'${filter}' needs a number, not ${JSON.stringify(value)}`);
  return value;
}

/** A filter's number after its colon (`plus:1`); nothing or anything else is a mistake, not NaN. */
function argumentOf(filter: string, argument: string | undefined): number {
  if (argument === undefined || !/^-?\d+(\.\d+)?$/.test(argument.trim()))
    throw new FactError(
      `'${filter}' needs a number after its colon, as in '${filter}:1', not ${argument === undefined ? 'nothing' : `'${argument}'`}`,
    );
  return Number(argument);
}

function textOf(value: unknown, filter: string): string {
  if (typeof value !== 'string') throw new FactError(`'${filter}' needs text, not ${JSON.stringify(value)}`);
  return value;
}

function eachValue(value: unknown, map: (item: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map(map);
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(item)]));
  return map(value);
}

/** An amount in lakh or crore, as copy says a sum: 2500000 → '25 lakh', 15000000 → '1.5 crore'. */
function inWords(amount: number): string {
  if (Math.abs(amount) >= 1e7) return `${indian.format(amount / 1e7)} crore`;
  if (Math.abs(amount) >= 1e5) return `${indian.format(amount / 1e5)} lakh`;
  return indian.format(amount);
}

function listOf(value: unknown, filter: string): unknown[] {
  if (!Array.isArray(value)) throw new FactError(`'${filter}' needs a list, not ${JSON.stringify(value)}`);
  return value;
}

/** The value of an object's first key that starts with `prefix` ('min', 'minYears'). */
function boundOf(value: Record<string, unknown>, prefix: 'min' | 'max'): number {
  const key = Object.keys(value).find((name) => name.startsWith(prefix));
  return numberOf(key === undefined ? undefined : value[key], `range (its ${prefix}…)`);
}

const CARDINALS = (
  'zero one two three four five six seven eight nine ten ' +
  'eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
).split(' ');
/** ORDINALS[n] is the nth (ORDINALS[0] is none). */
const ORDINALS = (
  ' first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth ' +
  'thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth'
).split(' ');

/** Filters that write facts in words and lists, for copy and a step's options. */
const WORDING: Record<string, (value: unknown, args: string[]) => unknown> = {
  lakh: (value) => eachValue(value, (item) => inWords(numberOf(item, 'lakh'))),
  join: (value, [word = 'and']) => {
    const items = listOf(value, 'join').map(String);
    // A mark joins every item alike ('5/10, 7/12' with join:, and '…; …' with join:;).
    if (/^[,;/]$/.test(word.trim())) return items.join(`${word.trim()} `);
    return items.length <= 1
      ? (items[0] ?? '')
      : `${items.slice(0, -1).join(', ')} ${word.trim()} ${items.at(-1)}`;
  },
  each: (value, args) => {
    const text = args.join(':');
    const field = /^#(\w+)$/.exec(text);
    return listOf(value, 'each').map((item) => {
      // '#field' alone is the item's value as it is (a number stays a number).
      if (field) return factAt(item, field[1]!);
      return text.replace(/#(\w*)/g, (_match, name: string) => String(name ? factAt(item, name) : item));
    });
  },
  unique: (value) => [...new Set(listOf(value, 'unique'))],
  capital: (value) => {
    if (typeof value !== 'string') throw new FactError(`'capital' needs text, not ${JSON.stringify(value)}`);
    return value.charAt(0).toUpperCase() + value.slice(1);
  },
  words: (value) => {
    const n = numberOf(value, 'words');
    if (!Number.isInteger(n) || n < 0 || n >= CARDINALS.length)
      throw new FactError(`'words' writes 0 to ${CARDINALS.length - 1}, not ${n}`);
    return CARDINALS[n];
  },
  ordinal: (value) => {
    const n = numberOf(value, 'ordinal');
    if (!Number.isInteger(n) || n < 1 || n >= ORDINALS.length)
      throw new FactError(`'ordinal' writes 1 to ${ORDINALS.length - 1}, not ${n}`);
    return ORDINALS[n];
  },
  count: (value) => {
    if (Array.isArray(value)) return value.length;
    if (isPlainObject(value)) return Object.keys(value).length;
    throw new FactError(`'count' needs a list or a map, not ${JSON.stringify(value)}`);
  },
  range: (value) => {
    if (!isPlainObject(value)) throw new FactError(`'range' needs an object with a min… and a max…`);
    const [min, max] = [boundOf(value, 'min'), boundOf(value, 'max')];
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min || max - min > 1000)
      throw new FactError(`'range' needs whole numbers from min to max, not ${min} to ${max}`);
    return Array.from({ length: max - min + 1 }, (_, index) => min + index);
  },
  choices: (value, args) => {
    const title = args.join(':');
    if (!title.includes('#'))
      throw new FactError(`'choices:<title>' needs a '#' in its title, where the value goes`);
    return listOf(value, 'choices').map((item) => ({
      const: item,
      title: title.replace(/#/g, String(item)),
    }));
  },
};

const FILTERS: Record<string, (value: unknown, args: string[]) => unknown> = {
  ...WORDING,
  inr: (value) => eachValue(value, (item) => indian.format(numberOf(item, 'inr'))),
  pluck: (value, [field]) => {
    if (!Array.isArray(value) || !field) throw new FactError(`'pluck:<field>' needs a list`);
    return Object.fromEntries(
      value.map((item) => {
        const key = itemKeys(item).find((candidate) => candidate !== undefined);
        return [String(key), factAt(item, field)];
      }),
    );
  },
  plus: (value, [n]) => numberOf(value, 'plus') + argumentOf('plus', n),
  minus: (value, [n]) => numberOf(value, 'minus') - argumentOf('minus', n),
  times: (value, [n]) => Math.round(numberOf(value, 'times') * argumentOf('times', n) * 1e6) / 1e6,
  lower: (value) => textOf(value, 'lower').toLowerCase(),
  upper: (value) => textOf(value, 'upper').toUpperCase(),
};

/** One template's value: its path read from the facts, then its filters in turn. */
function evaluate(expression: string, lookup: (path: string) => unknown): unknown {
  const [path, ...filters] = expression.split('|').map((part) => part.trim());
  let value = lookup(path!);
  for (const filter of filters) {
    const [name, ...args] = filter.split(':');
    const apply = FILTERS[name!];
    if (!apply) {
      const suggestion = closest(name!, Object.keys(FILTERS));
      throw new FactError(
        `unknown filter '${name}'` + (suggestion ? ` (did you mean '${suggestion}'?)` : ''),
      );
    }
    value = apply(value, args);
  }
  return value;
}

/**
 * A fixture's date relative to the day it runs, `{{today-35y}}`, stays a template (tools/lib/
 * fixtureDates.ts reads it); an amount in it may be a fact in brackets, filled in now:
 * `{{today-(ageLimits.proposer.min)y+1d}}` is `{{today-18y+1d}}` for a minimum age of 18, and
 * `{{today-(ageLimits.proposer.max|plus:1)y}}` is `{{today-66y}}` for a maximum of 65.
 */
function fillDateToken(expression: string, lookup: (path: string) => unknown): string {
  const filled = expression.replace(/\(([^()]+)\)/g, (_match, path: string) => {
    const value = evaluate(path.trim(), lookup);
    if (typeof value !== 'number') throw new FactError(`'${path}' in a date is not a number`);
    return String(value);
  });
  return `{{${filled.replace(/\s+/g, '')}}}`;
}

/** A string with its templates filled in from `lookup` (a whole-string template keeps the fact's type). */
export function fillTemplate(text: string, lookup: (path: string) => unknown): unknown {
  const whole = WHOLE.exec(text);
  if (whole && !/^today\b/.test(whole[1]!)) return evaluate(whole[1]!, lookup);
  return text.replace(TEMPLATE, (_match, expression: string) => {
    if (/^today\b/.test(expression)) return fillDateToken(expression, lookup);
    const value = evaluate(expression, lookup);
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new FactError(`{{${expression}}} is not text or a number inside other text`);
    }
    return String(value);
  });
}
