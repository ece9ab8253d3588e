import { describe, expect, it } from 'vitest';
import { clampDay, monthGrid, moveFocusDay, yearOptions } from '../../../widgets/calendarGrid.ts';

describe('yearOptions', () => {
  const today = new Date(2025, 5, 15);

  it('offers 100 years ending at the current year by default, newest first', () => {
    const years = yearOptions(today);
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2025);
    expect(years[99]).toBe(1926);
  });

  it('follows yearsBack and yearsAhead', () => {
    expect(yearOptions(today, 3)).toEqual([2025, 2024, 2023]);
    expect(yearOptions(today, 2, 1)).toEqual([2026, 2025, 2024]);
  });
});

describe('monthGrid', () => {
  it('lays out February 2024 from Thursday the 1st to Thursday the 29th', () => {
    const weeks = monthGrid(2024, 1);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]!.slice(0, 4)).toEqual([null, null, null, null]);
    expect(weeks[0]![4]!.getDate()).toBe(1);
    const days = weeks.flat().filter((d): d is Date => d !== null);
    expect(days).toHaveLength(29);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });
});

describe('clampDay and moveFocusDay', () => {
  it('keeps the day valid when the month changes', () => {
    expect(clampDay(2023, 1, 31)).toEqual(new Date(2023, 1, 28));
    expect(clampDay(2024, -1, 15)).toEqual(new Date(2023, 11, 15));
  });

  it('moves by day, week, month and to the week edges', () => {
    const day = new Date(2024, 0, 31); // a Wednesday
    expect(moveFocusDay(day, 'ArrowRight')).toEqual(new Date(2024, 1, 1));
    expect(moveFocusDay(day, 'ArrowLeft')).toEqual(new Date(2024, 0, 30));
    expect(moveFocusDay(day, 'ArrowUp')).toEqual(new Date(2024, 0, 24));
    expect(moveFocusDay(day, 'ArrowDown')).toEqual(new Date(2024, 1, 7));
    expect(moveFocusDay(day, 'Home')).toEqual(new Date(2024, 0, 28));
    expect(moveFocusDay(day, 'End')).toEqual(new Date(2024, 1, 3));
    expect(moveFocusDay(day, 'PageDown')).toEqual(new Date(2024, 1, 29));
    expect(moveFocusDay(day, 'PageUp')).toEqual(new Date(2023, 11, 31));
    expect(moveFocusDay(day, 'a')).toBeUndefined();
  });
});
