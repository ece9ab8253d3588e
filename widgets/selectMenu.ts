/**
 * Keyboard behaviour of the select's listbox (WAI-ARIA select-only combobox pattern),
 * free of React: which option becomes active for a key, and type-ahead matching.
 */

/** Options the keyboard may land on: enabled ones. */
export interface MenuOption {
  label: string;
  disabled?: boolean;
}

/** Keys that move the active option while the menu is open. */
export function nextActiveIndex(key: string, current: number, options: readonly MenuOption[]): number {
  const count = options.length;
  if (count === 0) return -1;
  const step = (from: number, delta: 1 | -1, pages = 1): number => {
    let index = from;
    let moved = 0;
    let candidate = from;
    while (moved < pages) {
      index += delta;
      if (index < 0 || index >= count) break;
      if (!options[index]!.disabled) {
        candidate = index;
        moved += 1;
      }
    }
    return candidate;
  };
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? step(-1, 1) : step(current, 1);
    case 'ArrowUp':
      return current < 0 ? step(count, -1) : step(current, -1);
    case 'Home':
      return step(-1, 1);
    case 'End':
      return step(count, -1);
    case 'PageDown':
      return step(Math.max(current, -1), 1, 10);
    case 'PageUp':
      return step(current < 0 ? count : current, -1, 10);
    default:
      return current;
  }
}

/**
 * The option a type-ahead query lands on: the first enabled option after `current` whose
 * label starts with the query (ignoring case), wrapping round. A query of one letter
 * repeated ("sss") cycles through the options starting with that letter.
 */
export function typeAheadIndex(query: string, current: number, options: readonly MenuOption[]): number {
  const q = query.toLowerCase();
  if (q === '') return current;
  const repeated = q.split('').every((ch) => ch === q[0]);
  const needle = repeated ? q[0]! : q;
  const count = options.length;
  // A longer query refines the current match, so it may stay on the current option.
  const start = current < 0 ? 0 : repeated ? current + 1 : current;
  for (let i = 0; i < count; i += 1) {
    const index = (start + i) % count;
    const option = options[index]!;
    if (!option.disabled && option.label.toLowerCase().startsWith(needle)) return index;
  }
  return current;
}
