import { useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from './InputGroup.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { dialCodeLabel } from './mobileInput.ts';
import { cx, labelledOptions, stringOption } from './uiOptions.ts';

/**
 * The country calling code beside a mobile number. A native select (the phone's own picker
 * suits a list of ~150) sits transparent over a compact face showing only "+91"; the list
 * shows "+91 India". Options come from the schema's enum and its x-enumNames labels. With no
 * value yet it shows the schema default, else `ui:options.defaultCode`, else "91"; the value
 * itself comes from the schema default, which RJSF fills in.
 *
 * Arrow keys on a closed select step through the codes one change event at a time; a code
 * met on the way is not a choice (it would clear the number each step, through the field's
 * `clears` rule). Codes reached by keyboard are shown at once and chosen on Enter or when
 * the select loses focus; a pick from the list (mouse, touch, the phone's picker) is chosen
 * at once.
 */
export default function DialCodeWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema } =
    props;
  const fallback =
    (typeof schema.default === 'string' ? schema.default : undefined) ??
    stringOption(options, 'defaultCode') ??
    '91';
  const code = typeof value === 'string' && value !== '' ? value : fallback;
  const [browsing, setBrowsing] = useState<string>();
  const stepping = useRef(false);
  const shown = browsing ?? code;
  const commit = () => {
    if (browsing !== undefined && browsing !== code) onChange(browsing);
    setBrowsing(undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    stepping.current =
      ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(
        event.key,
      ) || /^[a-z0-9+]$/i.test(event.key);
    if (event.key === 'Enter') commit();
  };
  const enumOptions = useMemo(
    () => labelledOptions(schema, options.enumOptions),
    [schema, options.enumOptions],
  );
  const known = enumOptions.some((option) => String(option.value) === code);
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <div className={cx('bf-dial', invalid && 'is-invalid', (disabled || readonly) && 'is-disabled')}>
      <span className="bf-dial__face" aria-hidden="true">
        {dialCodeLabel(shown)}
        <ChevronDownIcon className="bf-dial__chevron" />
      </span>
      <select
        id={id}
        name={props.htmlName || id}
        className="bf-dial__select"
        value={shown}
        disabled={disabled || readonly}
        autoComplete="tel-country-code"
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id)}
        onKeyDown={onKeyDown}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          if (stepping.current) setBrowsing(event.target.value);
          else onChange(event.target.value);
        }}
        onBlur={(event) => {
          commit();
          stepping.current = false;
          onBlur(id, event.target.value);
        }}
        onFocus={(event) => onFocus(id, event.target.value)}
      >
        {!known && <option value={code}>{dialCodeLabel(code)}</option>}
        {enumOptions.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

DialCodeWidget.bfTraits = { compact: true };
