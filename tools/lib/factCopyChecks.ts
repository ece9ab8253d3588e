import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import { PlanComposer } from '../../src/plans/compose/composePlan.ts';
import { pointerSegments, SourceTracer } from '../../src/plans/compose/sourceOf.ts';
import { pointerSegment, rupees, type Problem } from './problem.ts';
import type { RegisteredCalculator } from './registries.ts';

/*
 * Figures in a plan's visitor copy that restate a fact: a number in the plan's content, a
 * step's or popup's titles, descriptions and messages, or its UI's help and labels, that is a
 * fact of plan.json or of the pricing basis but is written as a number where the copy is
 * written (not produced by a {{…}} template). Such copy says the old figure once the fact
 * changes and nothing else notices (T64's 'Cover from ₹ 25 lakh' when the basis's minimum sum
 * assured becomes 30 lakh), so each is a problem at the line that writes it, naming the fact
 * and the template to write instead (docs/design/composed-plans.md).
 *
 * A figure counts as a fact's when its kind says so, which keeps coincidences out:
 *  - an amount (after ₹ or Rs, in lakh or crore, or with Indian grouping: 25,00,000) is any fact
 *    of that amount of at least 1,000 or named as money (premium, sum assured, amount…);
 *  - a percentage (10%, 10 per cent) is a fact named as one (…Percent, an allocation, a rate);
 *  - an age ('age 99', 'aged 18 to 65', '60 years old') is a fact named as an age;
 *  - a number of years ('10 to 40 years', 'limited 5, 10 or 15 years', 'a lock-in of 5 years')
 *    is a fact named as a term or a number of years;
 *  - a count ('12 annuity options') is the number of items of the list of that name.
 * A number in a list or range ('5, 10 or 15 years', 'age 18 to 65') takes the kind of the list
 * (a % is written after each number it is for). Not figures: a number joined to letters or
 * brackets (80C, 10(10D), T64) or part of a name (Equity 1, Year 6), a year (2025, FY 22-23,
 * 2012-14), a phone number, shares that add up to 100%, and an option's title that names its own
 * value ({ "const": 10, "title": "10 Years" }: the option list is the step's, made from the basis
 * where it can be: {{basis.terms.policyTerm|range|choices:# Years}}).
 *
 * Copy is read where it is written: through the layers and `$use`s that compose it and, where it
 * is a whole {{basis.…}}, into the basis's own wording (an option's or a strategy's description),
 * which quotes the facts of the item it describes (its own allocation table, not the plan's
 * discount). Builder notes ($comment) are not copy; nor is plan.json's own wording (its brochure
 * lines, its offers' text), which cannot read the basis: plan.json is composed first.
 */

interface Fact {
  /** The template path: 'ageLimits.proposer.min', 'basis.sumAssured.min'. */
  path: string;
  value: number;
  /** The number of items of a list (path names the list). */
  count?: boolean;
  /** The last name of the path, for a count ('options'). */
  name: string;
  /** Where it is: 'plan.json' or 'basis', and its JSON Pointer there. */
  home: 'plan.json' | 'basis';
  pointer: string;
}

type Kind = 'money' | 'percent' | 'age' | 'years' | 'count';

interface Figure {
  text: string;
  value: number;
  kind: Kind;
  /** How the copy writes it, for the filter the template needs: 'lakh' (25 lakh), 'inr' (25,00,000), 'plain'. */
  form: 'lakh' | 'inr' | 'plain';
  /** For a count: the noun it counts. */
  noun?: string;
}

/** What a plan's facts are not: codes, divisors, tables the calculator reads, builders' sources. */
const NOT_FACTS = new Set([
  'code',
  'annualisationDivisor',
  'instalmentsPerYear',
  'paymentsPerYear',
  'factor',
  'mortality',
  'calibration',
  'gst',
  'expenses',
  'entry',
  'delayMs',
  'steps',
  'stepper',
  'popups',
  'routes',
  'quote',
  'landingPanel',
  'messages',
]);

/**
 * What a fact is, from the nearest name on its path that says (from the end): 'ageLimits.proposer.min'
 * is an age, 'premiumPayingTerm.limitedYears.0' a number of years, 'defaultAllocation.equity1' a
 * percentage, 'riders.ADB.sumAssured.min' an amount.
 */
function kindOfName(name: string): Exclude<Kind, 'count'> | undefined {
  if (/percent/i.test(name) || /^(?:allocation|defaultAllocation|split|ratio|rate)$/i.test(name))
    return 'percent';
  if (/^ages?(?=[A-Z]|$)|Ages?$/.test(name)) return 'age';
  if (/^(?:years|terms?)$|Years$|Term$|^lockIn|^deferment/.test(name)) return 'years';
  if (/premium|sumAssured|amount|instalment|rupees|income|price/i.test(name)) return 'money';
  return undefined;
}

function kindOfFact(path: string): Exclude<Kind, 'count'> | undefined {
  const names = path.split('.');
  for (let i = names.length - 1; i >= 0; i--) {
    const kind = kindOfName(names[i]!);
    if (kind) return kind;
  }
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The name a template reads an array item by (its id, value or code), else its index. */
function itemName(item: unknown, index: number): string {
  if (isObject(item)) {
    for (const key of ['id', 'value', 'code'] as const) {
      if (typeof item[key] === 'string') return item[key];
    }
  }
  return String(index);
}

/** Every number of plan.json and the basis a copy could quote, with the path a template names it by. */
export function factsOf(plan: unknown, basis: unknown): Fact[] {
  const facts: Fact[] = [];
  const walk = (value: unknown, path: string[], home: Fact['home'], pointer: string) => {
    const name = path.at(-1) ?? '';
    if (NOT_FACTS.has(name)) return;
    const fact = { path: path.join('.'), name, home, pointer };
    if (typeof value === 'number') {
      facts.push({ ...fact, value });
    } else if (Array.isArray(value)) {
      if (value.length >= 2 && value.every(isObject))
        facts.push({ ...fact, value: value.length, count: true });
      value.forEach((item, index) =>
        walk(item, [...path, itemName(item, index)], home, `${pointer}/${index}`),
      );
    } else if (isObject(value)) {
      if (path.length > 0 && Object.keys(value).length >= 2 && Object.values(value).every(isObject))
        facts.push({ ...fact, value: Object.keys(value).length, count: true });
      for (const [key, item] of Object.entries(value))
        if (!key.startsWith('$')) walk(item, [...path, key], home, `${pointer}/${pointerSegment(key)}`);
    }
  };
  walk(plan, [], 'plan.json', '');
  if (basis !== undefined) walk(basis, ['basis'], 'basis', '');
  return facts;
}

/** Whether a fact can be what a figure of this kind quotes. */
function fits(fact: Fact, figure: Figure): boolean {
  if (figure.kind === 'count') {
    if (!fact.count) return false;
    const singular = (word: string) => word.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
    return fact.value === figure.value && singular(figure.noun!) === singular(fact.name);
  }
  if (fact.count || fact.value !== figure.value) return false;
  const kind = kindOfFact(fact.path);
  // An amount of at least 1,000 is rarely anything but the fact it equals.
  if (figure.kind === 'money') return kind === 'money' || (kind === undefined && fact.value >= 1000);
  return kind === figure.kind;
}

const NUMBER = /\d+(?:,\d+)*(?:\.\d+)?/g;
const AMOUNT_WORDS: Record<string, number> = { lakh: 1e5, lakhs: 1e5, crore: 1e7, crores: 1e7 };
/** What joins the numbers of a list or range: '5, 10 or 15', '10 to 40', '18–65'. */
const JOINER = /^\s*(?:,\s*(?:or\s+|and\s+)?|or\s+|and\s+|to\s+|–\s*|-\s*|\/\s*)$/;

/**
 * The figures of a text as written (templates already taken out): each number with its kind,
 * from the words around it, or from the list or range it is in.
 */
export function figuresIn(text: string): Figure[] {
  // Phone numbers, years of account and date ranges are not figures.
  const plain = text
    .replace(/\+?\d[\d ]{8,}\d/g, (m) => ' '.repeat(m.length))
    .replace(/\bFY\s*\d{2,4}\s*[-–]\s*\d{2,4}/gi, (m) => ' '.repeat(m.length))
    .replace(/\b(?:19|20)\d{2}(?:\s*[-–]\s*\d{2,4})?\b/g, (m) => ' '.repeat(m.length));
  type Found = {
    start: number;
    end: number;
    text: string;
    value: number;
    kind?: Kind;
    form: Figure['form'];
    noun?: string;
    left?: boolean;
  };
  const found: Found[] = [];
  for (const match of plain.matchAll(NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = plain.slice(0, start);
    const after = plain.slice(end);
    // Joined to letters or brackets: a code, a section of an act (80C, 10(10D)), a plan code.
    if (/[A-Za-z\\]$/.test(before) || /^[A-Za-z(]/.test(after)) continue;
    if (/\d[.,]$/.test(before)) continue;
    const grouped = /^\d{1,3}(?:,\d{2})*,\d{3}$/.test(match[0]);
    if (match[0].includes(',') && !grouped) {
      // '5, 10' is two numbers: the regex took a list as one grouped number.
      continue;
    }
    const value = Number(match[0].replace(/,/g, ''));
    const figure: Found = { start, end, text: match[0], value, form: grouped ? 'inr' : 'plain' };
    const words = /^\s*(lakhs?|crores?)\b/i.exec(after);
    if (words) {
      figure.kind = 'money';
      figure.form = 'lakh';
      figure.value = Math.round(value * AMOUNT_WORDS[words[1]!.toLowerCase()]!);
      figure.end += words[0].length;
      figure.text += words[0];
    } else if (/(?:₹|\bRs\.?|\bINR)\s*$/.test(before) || grouped) {
      figure.kind = 'money';
      figure.left = /(?:₹|\bRs\.?|\bINR)\s*$/.test(before);
    } else if (/^\s*(?:%|per\s*cent\b|percent\b)/i.test(after)) {
      // Shares that add up to 100% are whole by arithmetic, not by a fact.
      if (value === 100 && /\badd(?:s|ing)?\s+up\s+to\s*$/i.test(before)) continue;
      figure.kind = 'percent';
    } else if (/\b(?:age[sd]?|ages of|age of)\s*$/i.test(before)) {
      figure.kind = 'age';
      figure.left = true;
    } else if (/^\s*years?\s+(?:old|of age)\b/i.test(after)) figure.kind = 'age';
    else if (/^\s*-?\s*(?:years?|yrs?)\b/i.test(after)) figure.kind = 'years';
    else {
      const counted = /^\s+(?:[a-z-]+\s+){0,2}?([a-z]+s)\b/i.exec(after);
      if (counted) {
        figure.kind = 'count';
        figure.noun = counted[1]!;
      }
    }
    // A number after a capitalised word, with no unit of its own, is part of a name (Equity 1, Year 6).
    if (!figure.kind && /\b[A-Z][a-z]+\s$/.test(before)) continue;
    found.push(figure);
  }
  // A number without words of its own takes its list's: the last number's words after the
  // list, or the first number's before it ('age 18 to 65', '5, 10 or 15 years').
  for (let i = 0; i < found.length; i++) {
    if (found[i]!.kind) continue;
    for (
      let j = i + 1;
      j < found.length && JOINER.test(plain.slice(found[j - 1]!.end, found[j]!.start));
      j++
    ) {
      // A unit after the list ('5, 10 or 15 years'); a % is written after each number it is for.
      if (found[j]!.kind && !found[j]!.left && found[j]!.kind !== 'count' && found[j]!.kind !== 'percent') {
        found[i]!.kind = found[j]!.kind;
        found[i]!.form = found[j]!.form === 'lakh' ? 'lakh' : found[i]!.form;
        break;
      }
    }
    if (found[i]!.kind) continue;
    for (let j = i - 1; j >= 0 && JOINER.test(plain.slice(found[j]!.end, found[j + 1]!.start)); j--) {
      if (found[j]!.kind && (found[j]!.left || found[j]!.kind === 'money')) {
        found[i]!.kind = found[j]!.kind;
        break;
      }
    }
  }
  return found
    .filter((f): f is Found & { kind: Kind } => f.kind !== undefined)
    .map(({ text, value, kind, form, noun }) => ({
      text: text.trim(),
      value,
      kind,
      form,
      ...(noun ? { noun } : {}),
    }));
}

/** The template that writes a fact as the copy writes its figure. */
function templateFor(fact: Fact, figure: Figure): string {
  if (fact.count) return `{{${fact.path}|count}}`;
  if (figure.form === 'lakh') return `{{${fact.path}|lakh}}`;
  if (figure.form === 'inr' || (figure.kind === 'money' && fact.value >= 1000)) return `{{${fact.path}|inr}}`;
  return `{{${fact.path}}}`;
}

/** Which strings of a file are copy a visitor reads. */
type CopyFilter = (path: string[]) => boolean;

const SCHEMA_COPY = new Set(['title', 'description', 'errorMessage', 'message', 'messages']);
const UI_NOT_COPY = new Set([
  'ui:widget',
  'ui:order',
  'ui:classNames',
  'ui:autocomplete',
  'ui:field',
  'format',
  'inputMode',
  'autocomplete',
  'rows',
  'scope',
  'clears',
  'fills',
  'hiddenValues',
  'disabledValues',
  'enum',
  'type',
]);
const CONTENT_NOT_COPY = new Set(['$schema', 'planCode', 'uin', 'code', 'id', 'stage', 'stages', 'options']);

const copyOf: Array<[(path: string) => boolean, CopyFilter]> = [
  [(path) => path.endsWith('.schema.json'), (names) => names.some((name) => SCHEMA_COPY.has(name))],
  [(path) => path.endsWith('.ui.json'), (names) => !names.some((name) => UI_NOT_COPY.has(name))],
  [() => true, (names) => !names.some((name) => CONTENT_NOT_COPY.has(name))],
];

/** Every string of a composed file that a visitor reads, with its pointer. */
function copyStrings(value: unknown, isCopy: CopyFilter): Array<{ pointer: string; text: string }> {
  const out: Array<{ pointer: string; text: string }> = [];
  const walk = (node: unknown, names: string[], pointer: string) => {
    if (typeof node === 'string') {
      if (isCopy(names)) out.push({ pointer, text: node });
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, names, `${pointer}/${index}`));
    } else if (isObject(node)) {
      for (const [key, item] of Object.entries(node))
        walk(item, [...names, key], `${pointer}/${pointerSegment(key)}`);
    }
  };
  walk(value, [], '');
  return out;
}

function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** 'a, b and c'. */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function shown(fact: Fact): string {
  return fact.count ? `${fact.value} items` : fact.value >= 1000 ? rupees(fact.value) : String(fact.value);
}

/** How far a fact is from a plain name: items of tables and lists come after facts named outright. */
const rank = (fact: Fact) => [
  fact.path.split('.').filter((name) => /^\d+$/.test(name)).length,
  fact.path.length,
];
const byRank = (a: Fact, b: Fact) => {
  const [ra, rb] = [rank(a), rank(b)];
  return ra[0]! - rb[0]! || ra[1]! - rb[1]!;
};

/** The pointer of the list item a pointer is in ('/options/2/name' → '/options/2'), if any. */
function itemOf(pointer: string): string | undefined {
  const segments = pointer.split('/');
  for (let i = segments.length - 1; i > 0; i--)
    if (/^\d+$/.test(segments[i]!)) return segments.slice(0, i + 1).join('/');
  return undefined;
}

const WHOLE_BASIS_FACT = /^\{\{\s*basis\.([^{}|]+?)\s*\}\}$/;

/** The JSON Pointer of a dotted fact path in a value, its items named by id, value or code made indices. */
function pointerOfPath(value: unknown, path: string): string | undefined {
  let node = value;
  let pointer = '';
  for (const name of path.split('.').map((part) => part.trim())) {
    if (Array.isArray(node)) {
      const index = /^\d+$/.test(name)
        ? Number(name)
        : node.findIndex((item) => isObject(item) && [item.id, item.value, item.code].includes(name));
      if (index < 0 || index >= node.length) return undefined;
      node = node[index];
      pointer += `/${index}`;
    } else if (isObject(node) && Object.hasOwn(node, name)) {
      node = node[name];
      pointer += `/${pointerSegment(name)}`;
    } else return undefined;
  }
  return pointer;
}

export function checkFactCopy(
  code: string,
  files: PlanFiles,
  root: string,
  calculator: RegisteredCalculator | undefined,
): Problem[] {
  const config = files['plan.json'] as PlanConfig | undefined;
  if (!config) return [];
  const basisFile = calculator?.basisFile;
  const basis = basisFile ? files[basisFile] : undefined;
  const facts = factsOf(config, basis);
  const composer = new PlanComposer(code, root);
  const tracer = new SourceTracer(composer);
  const parsed = new Map<string, unknown>();
  const source = (file: string) => {
    if (!parsed.has(file)) parsed.set(file, JSON.parse(readFileSync(join(root, file), 'utf8')));
    return parsed.get(file);
  };

  /**
   * The text that writes the value at `pointer` of the composed file `path`, as written: through
   * the layers and `$use`s that make it and, where it is a whole {{basis.…}}, the basis's own
   * wording (an option's or a strategy's description, the death benefit's text). With it, the
   * composed place to report (a figure the basis writes is the basis's to change).
   */
  const writtenAt = (path: string, pointer: string) => {
    let at = { path, pointer };
    for (let hops = 0; hops < 5; hops++) {
      const place = tracer.sourceOf(at.path, at.pointer, { facts: false });
      // plan.json is where the facts live; its own phrases are its to keep.
      if (!place.exact || /(^|\/)plan\.json$/.test(place.file)) return undefined;
      let raw = valueAt(source(place.file), place.pointer);
      let file = place.file;
      // A list item that is a shared sentence ({ "$use": "common/content-parts.json#/…" }) is written there.
      for (let uses = 0; isObject(raw) && typeof raw.$use === 'string' && uses < 10; uses++) {
        if (raw.$use.startsWith('#')) {
          // A part of the same file (its `$let`), as written there.
          raw = valueAt(source(file), raw.$use.slice(1));
          continue;
        }
        try {
          const target = composer.useTarget(raw.$use, { file, pointer: place.pointer, layer: 0, path: '' });
          raw = target.value;
          file = target.file;
        } catch {
          // A `$use` that does not resolve is the composition's to report.
          raw = undefined;
        }
      }
      if (typeof raw !== 'string') return undefined;
      const fact = WHOLE_BASIS_FACT.exec(raw);
      if (!fact || !basisFile) return { raw, at };
      const basisPointer = pointerOfPath(basis, fact[1]!);
      if (basisPointer === undefined) return undefined;
      at = { path: basisFile, pointer: basisPointer };
    }
    return undefined;
  };

  const problems: Problem[] = [];
  const reported = new Set<string>();
  const forms = [...Object.values(config.steps ?? {}), ...Object.values(config.popups ?? {})];
  const paths = new Set(
    [config.content, ...forms.flatMap((form) => [form.schema, form.uiSchema])].filter(
      (path): path is string => typeof path === 'string' && files[path] !== undefined,
    ),
  );
  for (const path of paths) {
    const isCopy = copyOf.find(([applies]) => applies(path))![1];
    for (const { pointer } of copyStrings(files[path], isCopy)) {
      const written = writtenAt(path, pointer);
      if (!written) continue;
      // What the templates write follows the facts; only the rest is written as it stands.
      const literal = written.raw.replace(/\{\{[^{}]*\}\}/g, ' \u0000 ');
      // An option's title names its own value ({ "const": 10, "title": "10 Years" }): that is the
      // option, not copy quoting a fact.
      const option = /\/title$/.test(pointer)
        ? valueAt(files[path], pointer.replace(/\/title$/, ''))
        : undefined;
      const own = isObject(option) && typeof option.const === 'number' ? option.const : undefined;
      const quoted: string[] = [];
      const fixes: string[] = [];
      // The basis's wording of one of its items (an option, a strategy, a rider) quotes that item's facts.
      const item = written.at.path === basisFile ? itemOf(written.at.pointer) : undefined;
      const quotable = item
        ? facts.filter((fact) => fact.home === 'basis' && `${fact.pointer}/`.startsWith(`${item}/`))
        : facts;
      for (const figure of figuresIn(literal)) {
        if (figure.value === own) continue;
        const matches = quotable.filter((fact) => fits(fact, figure)).sort(byRank);
        if (matches.length === 0) continue;
        const named = matches.slice(0, 3).map((fact) => fact.path);
        if (matches.length > 3) named.push('…');
        quoted.push(
          `${figure.text} (${named.join(' or ')}${figure.kind === 'count' ? `: ${shown(matches[0]!)}` : ''})`,
        );
        fixes.push(`${templateFor(matches[0]!, figure)} for ${figure.text}`);
      }
      if (quoted.length === 0) continue;
      const { at } = written;
      const key = `${at.path}\u0000${at.pointer}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const shownIn = at.path === path ? '' : ` (shown in ${path} ${pointer})`;
      problems.push({
        file: `plans/${code}/${at.path}`,
        where: at.pointer,
        message: `writes ${listed(quoted)} as ${quoted.length > 1 ? 'figures' : 'a figure'}${shownIn}: when the fact changes, this copy keeps the old figure. Write ${listed(fixes)} (docs/design/composed-plans.md)`,
      });
    }
  }
  return problems;
}
