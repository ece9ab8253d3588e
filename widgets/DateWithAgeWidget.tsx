import { useCallback, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { lightFormat } from 'date-fns';
import { laterComponent } from '../engine/form/laterComponent.tsx';
import { ageLabel, parseWireDate } from '../engine/validation/age.ts';
import type { CalendarPopoverProps } from './CalendarPopover.tsx';
import InputGroup, { describedBy } from './InputGroup.tsx';
import { dateInputValue, formatDateInput, toDisplayDate } from './dateInput.ts';
import { CalendarIcon } from './icons.tsx';
import { booleanOption, numberOption, stringOption } from './uiOptions.ts';
import { useCaretKeeper } from './useCaretKeeper.ts';
import { useFieldDraft } from './useFieldDraft.ts';

/*
 * The calendar comes on its own, when it is about to be used (the field or its button is
 * touched, focused or pointed at), not with the form: most visitors type their date.
 */
const calendar = laterComponent<CalendarPopoverProps>(
  () => import('./CalendarPopover.tsx'),
  'CalendarPopover',
  'bf-calendar',
);
const CalendarPopover = calendar.Component;
const warmCalendar = () => void calendar.load().catch(() => undefined);

/**
 * A DD/MM/YYYY date input (spec 01 §5) with a calendar popover and the age the date gives
 * ('N Years', 'N Days' or '0 days') beside it. It emits yyyy-mm-dd once the date is complete
 * and real; before that it emits the typed text so `format: date` reports it, and undefined
 * only when the field is empty. What is typed reaches the form once the keys pause, or on blur
 * (useFieldDraft); the age beside it follows every key. A calendar day is handed over at once.
 *
 * ui:options: yearsBack (100), yearsAhead (0), showAge (true), disablePast, disableFuture
 * (calendar only; validation stays with the schema), placeholder, autocomplete ("off").
 */
export default function DateWithAgeWidget(props: WidgetProps) {
  const {
    id,
    value,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    required,
    rawErrors,
    options,
    autofocus,
  } = props;
  const [display, setDisplay] = useState(() => toDisplayDate(value));
  const [heldValue, setHeldValue] = useState<unknown>(value);
  const [open, setOpen] = useState(false);
  const [today] = useState(() => new Date());
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { inputRef, keep } = useCaretKeeper();
  const { draft, type, commit } = useFieldDraft<string | undefined>(onChange, id);

  // A value set from outside (resume, reset, a rule) replaces what is shown; a value the form
  // takes from this field while newer keys are still a draft does not.
  if (value !== heldValue) {
    setHeldValue(value);
    if (!draft && dateInputValue(display) !== value) setDisplay(toDisplayDate(value));
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const next = formatDateInput(raw, raw.length < display.length);
    keep(raw, event.target.selectionStart, next);
    setDisplay(next);
    type(dateInputValue(next));
  };

  // Escape and choosing a day hand focus back to the toggle; a click or Tab elsewhere leaves it there.
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  const choose = (day: Date) => {
    const next = lightFormat(day, 'dd/MM/yyyy');
    setDisplay(next);
    commit(dateInputValue(next));
    close(true);
  };

  const invalid = (rawErrors?.length ?? 0) > 0;
  const locked = disabled || readonly;
  const shown = draft ? draft.value : value;
  const age = booleanOption(options, 'showAge', true) ? ageLabel(shown, today) : undefined;
  return (
    <div className="bf-date">
      <div className="bf-date__control">
        <InputGroup
          id={id}
          invalid={invalid}
          disabled={disabled}
          readonly={readonly}
          trailing={
            <button
              ref={toggleRef}
              type="button"
              id={`${id}__calendar-toggle`}
              className="bf-icon-button"
              aria-label="Choose date from calendar"
              aria-haspopup="dialog"
              aria-expanded={open}
              aria-controls={open ? `${id}__calendar` : undefined}
              disabled={locked}
              onPointerEnter={warmCalendar}
              onPointerDown={warmCalendar}
              onFocus={warmCalendar}
              onClick={() => setOpen((was) => !was)}
            >
              <CalendarIcon />
            </button>
          }
        >
          <input
            ref={inputRef}
            id={id}
            name={props.htmlName || id}
            className="bf-input"
            type="text"
            inputMode="numeric"
            autoComplete={stringOption(options, 'autocomplete') ?? 'off'}
            placeholder={stringOption(options, 'placeholder') ?? (props.placeholder || 'DD/MM/YYYY')}
            maxLength={10}
            value={display}
            disabled={disabled}
            readOnly={readonly}
            autoFocus={autofocus}
            aria-required={required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(id, [age !== undefined && `${id}__age`])}
            onChange={handleChange}
            onKeyDown={(event) => event.key === 'Enter' && draft && commit(draft.value)}
            onBlur={(event: FocusEvent<HTMLInputElement>) => {
              if (draft) commit(draft.value);
              onBlur(id, dateInputValue(event.target.value));
            }}
            onFocus={(event: FocusEvent<HTMLInputElement>) => {
              warmCalendar();
              onFocus(id, dateInputValue(event.target.value));
            }}
          />
        </InputGroup>
        {open && !locked && (
          <CalendarPopover
            id={id}
            selected={parseWireDate(shown)}
            today={today}
            yearsBack={numberOption(options, 'yearsBack') ?? 100}
            yearsAhead={numberOption(options, 'yearsAhead') ?? 0}
            disablePast={booleanOption(options, 'disablePast', false)}
            disableFuture={booleanOption(options, 'disableFuture', false)}
            onSelect={choose}
            onClose={close}
          />
        )}
      </div>
      {age !== undefined && (
        <output className="bf-date__age" id={`${id}__age`} htmlFor={id}>
          {age}
        </output>
      )}
    </div>
  );
}
