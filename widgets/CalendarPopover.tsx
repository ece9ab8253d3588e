import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { isAfter, isBefore, isSameDay, startOfDay } from 'date-fns';
import {
  MONTH_NAMES,
  WEEKDAY_SHORT,
  clampDay,
  dayLabel,
  monthGrid,
  moveFocusDay,
  yearOptions,
} from './calendarGrid.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { cx } from './uiOptions.ts';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface CalendarPopoverProps {
  /** The input's id; the dialog is `${id}__calendar`. */
  id: string;
  selected: Date | undefined;
  today: Date;
  yearsBack: number;
  yearsAhead: number;
  disablePast?: boolean;
  disableFuture?: boolean;
  onSelect: (date: Date) => void;
  /** Asked to close: by Escape with `returnFocus`, by a click or Tab outside without. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * A small non-modal date picker: month and year dropdowns over a day grid. Days are buttons
 * with full-date names; arrow keys, Home/End and PageUp/PageDown move between them (one
 * tab stop for the grid), Enter or a click chooses, Escape closes.
 */
export default function CalendarPopover(props: CalendarPopoverProps) {
  const { id, selected, today, yearsBack, yearsAhead, disablePast, disableFuture, onSelect, onClose } = props;
  const years = yearOptions(today, yearsBack, yearsAhead);
  const firstYear = years[years.length - 1]!;
  const lastYear = years[0]!;
  const [focusDay, setFocusDay] = useState<Date>(() => initialDay(selected ?? today, firstYear, lastYear));
  const rootRef = useRef<HTMLDivElement>(null);
  const gridFocus = useRef(true);

  useEffect(() => {
    if (!gridFocus.current) return;
    gridFocus.current = false;
    rootRef.current?.querySelector<HTMLButtonElement>('button[data-focus-day="true"]')?.focus();
  }, [focusDay]);

  // The toggle button is not "outside": its own click closes the popover.
  const isOutside = useCallback(
    (node: Node) => {
      const root = rootRef.current;
      const toggle = root?.ownerDocument.getElementById(`${id}__calendar-toggle`);
      return !!root && !root.contains(node) && !toggle?.contains(node);
    },
    [id],
  );

  useEffect(() => {
    const onPointerDown = (event: MouseEvent) => {
      if (event.target instanceof Node && isOutside(event.target)) onClose(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [isOutside, onClose]);

  const isDisabled = (day: Date) =>
    day.getFullYear() < firstYear ||
    day.getFullYear() > lastYear ||
    (disablePast === true && isBefore(day, startOfDay(today))) ||
    (disableFuture === true && isAfter(day, today));

  const moveTo = (day: Date, focusGrid: boolean) => {
    if (day.getFullYear() < firstYear || day.getFullYear() > lastYear) return;
    gridFocus.current = focusGrid;
    setFocusDay(day);
  };

  const onDayKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = moveFocusDay(focusDay, event.key);
    if (!next) return;
    event.preventDefault();
    moveTo(next, true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    }
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && isOutside(next)) onClose(false);
  };

  const year = focusDay.getFullYear();
  const month = focusDay.getMonth();
  const titleId = `${id}__calendar-title`;
  return (
    <div
      ref={rootRef}
      id={`${id}__calendar`}
      className="bf-calendar"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <span id={titleId} className="bf-visually-hidden">
        Choose date, {MONTH_NAMES[month]} {year}
      </span>
      <div className="bf-calendar__header">
        <button
          type="button"
          className="bf-calendar__nav"
          aria-label="Previous month"
          disabled={year === firstYear && month === 0}
          onClick={() => moveTo(clampDay(year, month - 1, focusDay.getDate()), false)}
        >
          <ChevronLeftIcon />
        </button>
        <select
          className="bf-calendar__select"
          aria-label="Month"
          value={month}
          onChange={(event) => moveTo(clampDay(year, Number(event.target.value), focusDay.getDate()), false)}
        >
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index}>
              {name.slice(0, 3)}
            </option>
          ))}
        </select>
        <select
          className="bf-calendar__select"
          aria-label="Year"
          value={year}
          onChange={(event) => moveTo(clampDay(Number(event.target.value), month, focusDay.getDate()), false)}
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="bf-calendar__nav"
          aria-label="Next month"
          disabled={year === lastYear && month === 11}
          onClick={() => moveTo(clampDay(year, month + 1, focusDay.getDate()), false)}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <table className="bf-calendar__grid">
        <thead>
          <tr>
            {WEEKDAY_SHORT.map((short, index) => (
              <th key={short} scope="col" abbr={WEEKDAY_NAMES[index]}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week, row) => (
            <tr key={row}>
              {week.map((day, col) => (
                <td key={col}>
                  {day && (
                    <button
                      type="button"
                      className={cx(
                        'bf-calendar__day',
                        selected && isSameDay(day, selected) && 'is-selected',
                        isSameDay(day, today) && 'is-today',
                      )}
                      tabIndex={isSameDay(day, focusDay) ? 0 : -1}
                      data-focus-day={isSameDay(day, focusDay) ? 'true' : undefined}
                      aria-label={dayLabel(day)}
                      aria-pressed={selected ? isSameDay(day, selected) : false}
                      aria-current={isSameDay(day, today) ? 'date' : undefined}
                      disabled={isDisabled(day)}
                      onKeyDown={onDayKeyDown}
                      onClick={() => onSelect(day)}
                    >
                      {day.getDate()}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The day the grid opens on: the chosen date, or today, kept inside the year list. */
function initialDay(day: Date, firstYear: number, lastYear: number): Date {
  if (day.getFullYear() > lastYear) return new Date(lastYear, 11, 31);
  if (day.getFullYear() < firstYear) return new Date(firstYear, 0, 1);
  return day;
}
