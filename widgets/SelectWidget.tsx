import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { enumOptionsIsSelected, type WidgetProps } from '@rjsf/utils';
import { describedBy } from './InputGroup.tsx';
import { ChevronDownIcon, CheckIcon } from './icons.tsx';
import { nextActiveIndex, typeAheadIndex, type MenuOption } from './selectMenu.ts';
import { cx, stringOption } from './uiOptions.ts';

/** Typed letters within this many milliseconds form one type-ahead query. */
const TYPE_AHEAD_MS = 600;
const MOVE_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp']);

interface Entry extends MenuOption {
  value: unknown;
  /** The "Select" entry of an optional field, which clears it. */
  clears?: boolean;
}

/**
 * The dropdown (spec 01 §5): a 40px control opening a menu at most 150px tall, built as the
 * WAI-ARIA select-only combobox so the height limit is real on every browser. Focus stays
 * on the button; the active option is announced through aria-activedescendant. Keys:
 * arrows, Home/End, PageUp/PageDown, Enter/Space/Tab choose, Escape closes, letters jump.
 * An optional field's menu starts with "Select", which clears it.
 *
 * ui:options: placeholder ("Select"), and RJSF's enumDisabled.
 */
export default function SelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options } = props;
  const placeholder = stringOption(options, 'placeholder') ?? (props.placeholder || 'Select');
  const disabledValues = new Set((options.enumDisabled ?? []).map(String));
  const entries: Entry[] = [
    ...(required ? [] : [{ label: placeholder, value: undefined, clears: true }]),
    ...(options.enumOptions ?? []).map((option) => ({
      label: option.label,
      value: option.value,
      disabled: disabledValues.has(String(option.value)),
    })),
  ];
  const selectedIndex = entries.findIndex(
    (entry) => !entry.clears && enumOptionsIsSelected(entry.value, value),
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ query: '', at: 0 });
  const listboxId = `${id}__listbox`;
  const optionDomId = (index: number) => `${id}__option-${index}`;
  const invalid = (rawErrors?.length ?? 0) > 0;
  const locked = disabled || readonly;

  useEffect(() => {
    if (!open || active < 0) return;
    const option = listRef.current?.children[active] as HTMLElement | undefined;
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index >= 0 ? index : selectedIndex >= 0 ? selectedIndex : nextActiveIndex('Home', -1, entries));
  };

  const close = () => {
    setOpen(false);
    typed.current.query = '';
  };

  const commit = (index: number) => {
    const entry = entries[index];
    if (entry && !entry.disabled) onChange(entry.clears ? undefined : entry.value);
    close();
  };

  const typeAhead = (key: string, from: number): number => {
    const now = performance.now();
    const query = now - typed.current.at < TYPE_AHEAD_MS ? typed.current.query + key : key;
    typed.current = { query, at: now };
    return typeAheadIndex(query, from, entries);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (locked) return;
    const { key } = event;
    const printable = key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    const midQuery = typed.current.query !== '' && performance.now() - typed.current.at < TYPE_AHEAD_MS;
    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End') {
        event.preventDefault();
        openAt(key === 'Home' || key === 'End' ? nextActiveIndex(key, -1, entries) : -1);
      } else if (printable && key !== ' ') {
        openAt(typeAhead(key, selectedIndex));
      }
      return;
    }
    if (key === 'ArrowUp' && event.altKey) {
      event.preventDefault();
      commit(active);
    } else if (MOVE_KEYS.has(key)) {
      event.preventDefault();
      setActive(nextActiveIndex(key, active, entries));
    } else if (key === 'Enter' || (key === ' ' && !midQuery)) {
      event.preventDefault();
      commit(active);
    } else if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (key === 'Tab') {
      commit(active);
    } else if (printable) {
      event.preventDefault();
      setActive(typeAhead(key, active));
    }
  };

  const selected = selectedIndex >= 0 ? entries[selectedIndex] : undefined;
  return (
    <div className={cx('bf-select', open && 'is-open', invalid && 'is-invalid', locked && 'is-disabled')}>
      <button
        type="button"
        id={id}
        name={props.htmlName || id}
        className="bf-select__control"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={open && active >= 0 ? optionDomId(active) : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id)}
        aria-disabled={readonly || undefined}
        disabled={disabled}
        autoFocus={props.autofocus}
        onClick={() => (locked ? undefined : open ? close() : openAt(-1))}
        onKeyDown={handleKeyDown}
        // Space activates a button on key-up; that click would reopen the menu it just closed.
        onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
        onFocus={() => onFocus(id, value)}
        onBlur={() => {
          close();
          onBlur(id, value);
        }}
      >
        <span className={cx('bf-select__value', !selected && 'is-placeholder')}>
          {selected ? selected.label : placeholder}
        </span>
        <ChevronDownIcon className="bf-select__chevron" />
      </button>
      <ul
        ref={listRef}
        id={listboxId}
        role="listbox"
        className="bf-menu"
        aria-labelledby={`${id}__label`}
        hidden={!open}
        // Keep focus on the button while the mouse picks an option or drags the scrollbar.
        onMouseDown={(event) => event.preventDefault()}
      >
        {entries.map((entry, index) => (
          <li
            key={entry.clears ? '__clear' : String(entry.value)}
            id={optionDomId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            aria-disabled={entry.disabled || undefined}
            className={cx(
              'bf-menu__option',
              index === active && 'is-active',
              index === selectedIndex && 'is-selected',
              entry.clears && 'is-placeholder',
            )}
            onClick={() => commit(index)}
            onMouseMove={() => index !== active && !entry.disabled && setActive(index)}
          >
            <span>{entry.label}</span>
            {index === selectedIndex && <CheckIcon className="bf-menu__check" />}
          </li>
        ))}
      </ul>
    </div>
  );
}
