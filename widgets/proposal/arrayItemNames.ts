import { createContext } from 'react';

/*
 * What a list's items are called, in the buyer's words: "Nominee 1", "Remove Nominee 2",
 * "Add another nominee". The noun is the array's `ui:options.itemLabel`, else its items'
 * schema title, else the singular of the array's own title ('Nominees' → 'Nominee',
 * 'Your other policies' → 'Other policy', 'Countries of tax residence' → 'Country of tax
 * residence').
 */

/** What ArrayFieldTemplate tells the item cards it holds. */
export interface ArrayList {
  /** One item's name, capitalised: 'Nominee'. */
  noun: string;
  /** Items the schema requires (minItems): their cards offer no Remove. */
  minItems: number;
  /** Called as an item's Remove is pressed, before RJSF removes it (the list moves the focus). */
  onRemove: (index: number) => void;
}

export const ArrayListContext = createContext<ArrayList | undefined>(undefined);

/** Words after which the head noun of a title has come: 'Countries' of 'Countries of tax residence'. */
const AFTER_HEAD = new Set(['of', 'for', 'in', 'with', 'from', 'at', 'on']);

/** The noun naming one item of a list: the first of the candidates that is a non-empty string, singular. */
export function itemNoun(itemLabel: unknown, itemTitle: unknown, listTitle: unknown): string {
  if (typeof itemLabel === 'string' && itemLabel.trim()) return capitalise(itemLabel.trim());
  if (typeof itemTitle === 'string' && itemTitle.trim()) return capitalise(itemTitle.trim());
  if (typeof listTitle === 'string' && listTitle.trim()) return singularTitle(listTitle);
  return 'Item';
}

/** The singular of a list's title, without a leading 'Your'. */
export function singularTitle(title: string): string {
  const words = title.trim().split(/\s+/);
  if (words.length > 1 && words[0]!.toLowerCase() === 'your') words.shift();
  const after = words.findIndex((word, index) => index > 0 && AFTER_HEAD.has(word.toLowerCase()));
  const head = after > 0 ? after - 1 : words.length - 1;
  words[head] = singularWord(words[head]!);
  return capitalise(words.join(' '));
}

function singularWord(word: string): string {
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/i.test(word)) return word;
  if (/(ches|shes|sses|xes|zes)$/i.test(word)) return word.slice(0, -2);
  if (/[^s]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** The Add button's words: 'Add another nominee' ('Add another policy' for 'Other policy'), or 'Add nominee' for an empty list. */
export function addLabel(noun: string, count: number): string {
  const words = lowerFirst(noun);
  if (count === 0) return `Add ${words}`;
  return `Add another ${words.replace(/^other\s+/, '')}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases the first letter unless the first word is an abbreviation ('TIN', 'PAN'). */
function lowerFirst(text: string): string {
  return /^[A-Z][A-Z]/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
