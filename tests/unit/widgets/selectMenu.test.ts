import { describe, expect, it } from 'vitest';
import { nextActiveIndex, typeAheadIndex, type MenuOption } from '../../../widgets/selectMenu.ts';

const occupations: MenuOption[] = [
  { label: 'Salaried' },
  { label: 'Professional' },
  { label: 'Self Employed' },
  { label: 'Business', disabled: true },
  { label: 'Retired' },
  { label: 'Agriculturist' },
  { label: 'Others' },
];

describe('nextActiveIndex', () => {
  it('moves with the arrows and stops at the ends', () => {
    expect(nextActiveIndex('ArrowDown', 0, occupations)).toBe(1);
    expect(nextActiveIndex('ArrowUp', 1, occupations)).toBe(0);
    expect(nextActiveIndex('ArrowUp', 0, occupations)).toBe(0);
    expect(nextActiveIndex('ArrowDown', 6, occupations)).toBe(6);
  });

  it('skips disabled options', () => {
    expect(nextActiveIndex('ArrowDown', 2, occupations)).toBe(4);
    expect(nextActiveIndex('ArrowUp', 4, occupations)).toBe(2);
  });

  it('goes to the first and last with Home and End, and from nothing active', () => {
    expect(nextActiveIndex('Home', 4, occupations)).toBe(0);
    expect(nextActiveIndex('End', 0, occupations)).toBe(6);
    expect(nextActiveIndex('ArrowDown', -1, occupations)).toBe(0);
    expect(nextActiveIndex('ArrowUp', -1, occupations)).toBe(6);
  });

  it('pages by ten enabled options, stopping at the ends', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ label: `Option ${i}` }));
    expect(nextActiveIndex('PageDown', 0, many)).toBe(10);
    expect(nextActiveIndex('PageUp', 25, many)).toBe(15);
    expect(nextActiveIndex('PageDown', 25, many)).toBe(29);
    expect(nextActiveIndex('PageUp', 3, many)).toBe(0);
  });

  it('leaves other keys and empty menus alone', () => {
    expect(nextActiveIndex('x', 2, occupations)).toBe(2);
    expect(nextActiveIndex('ArrowDown', -1, [])).toBe(-1);
  });
});

describe('typeAheadIndex', () => {
  it('jumps to the first option starting with the typed text', () => {
    expect(typeAheadIndex('r', -1, occupations)).toBe(4);
    expect(typeAheadIndex('AG', 0, occupations)).toBe(5);
    expect(typeAheadIndex('Self', 0, occupations)).toBe(2);
  });

  it('cycles through options with the same first letter when one letter repeats', () => {
    expect(typeAheadIndex('s', 0, occupations)).toBe(2);
    expect(typeAheadIndex('ss', 2, occupations)).toBe(0);
  });

  it('refines the current match with a longer query and skips disabled options', () => {
    expect(typeAheadIndex('sa', 0, occupations)).toBe(0);
    expect(typeAheadIndex('bu', 0, occupations)).toBe(0);
    expect(typeAheadIndex('zz', 3, occupations)).toBe(3);
  });
});
