import { parseWireDate } from '../engine/validation/age.ts';

/**
 * The typing rules of the DD/MM/YYYY date input (spec 01 §5 "Input widgets"), free of React
 * so every rule is unit-testable:
 * - only digits and slashes are kept;
 * - a day digit above 3 or a month digit above 1 cannot start a two-digit value, so it is
 *   zero-padded and the segment closes ("5" → "05/");
 * - a second digit that would leave the day outside 1-31 or the month outside 1-12 is dropped;
 * - a slash typed after a single digit pads it ("1/" → "01/"); stray slashes are ignored;
 * - the year takes four digits; more are dropped;
 * - a closed segment gets its slash at once, except while the user is deleting, so
 *   backspace can remove a slash instead of having it re-added.
 */
export function formatDateInput(raw: string, deleting = false): string {
  const segments = ['', '', ''];
  let index = 0;
  for (const ch of raw.replace(/[^\d/]/g, '')) {
    if (ch === '/') {
      if (index < 2) {
        if (segments[index]!.length === 1) segments[index] = padSegment(segments[index]!);
        if (segments[index]!.length === 2) index += 1;
      }
      continue;
    }
    if (index < 2 && segments[index]!.length === 2) index += 1;
    segments[index] = acceptDigit(segments[index]!, ch, index);
  }
  let text = segments[0]!;
  for (const k of [0, 1]) {
    const closed = k < index || (k === index && segments[k]!.length === 2 && !deleting);
    if (!closed) break;
    text += '/' + (k + 1 <= index ? segments[k + 1]! : '');
  }
  return text;
}

const SEGMENT_MAX = [31, 12];
const SEGMENT_LEAD_MAX = [3, 1];

function acceptDigit(segment: string, digit: string, index: number): string {
  if (index === 2) return segment.length < 4 ? segment + digit : segment;
  if (segment.length === 0) return Number(digit) > SEGMENT_LEAD_MAX[index]! ? '0' + digit : digit;
  const candidate = Number(segment + digit);
  return candidate >= 1 && candidate <= SEGMENT_MAX[index]! ? segment + digit : segment;
}

/** "1/" pads to "01"; "0/" cannot become a valid day or month, so it stays open. */
function padSegment(segment: string): string {
  return segment === '0' ? segment : '0' + segment;
}

/** The wire form (yyyy-mm-dd) of a displayed dd/mm/yyyy, or undefined when it is not a complete real date. */
export function toWireDate(display: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(display);
  if (!match) return undefined;
  const wire = `${match[3]}-${match[2]}-${match[1]}`;
  return parseWireDate(wire) ? wire : undefined;
}

/**
 * What the widget shows for a value held in the form: a wire date as dd/mm/yyyy, and any
 * other text (a partial date the widget emitted earlier) unchanged.
 */
export function toDisplayDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * What the widget emits for what it shows: undefined for an empty field (so `required`
 * fires), the wire date once complete and real, otherwise the typed text itself so the
 * schema's `format: date` reports it rather than the input being silently dropped.
 */
export function dateInputValue(display: string): string | undefined {
  if (display === '') return undefined;
  return toWireDate(display) ?? display;
}
