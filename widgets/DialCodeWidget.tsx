import type { ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from './InputGroup.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { dialCodeLabel } from './mobileInput.ts';
import { cx, stringOption } from './uiOptions.ts';

/**
 * The country calling code beside a mobile number. A native select (the phone's own picker
 * suits a list of ~150) sits transparent over a compact face showing only "+91"; the list
 * shows "+91 India". Options come from the schema's oneOf (RJSF's enumOptions). With no
 * value yet it shows the schema default, else `ui:options.defaultCode`, else "91"; the value
 * itself comes from the schema default, which RJSF fills in.
 */
export default function DialCodeWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema } =
    props;
  const fallback =
    (typeof schema.default === 'string' ? schema.default : undefined) ??
    stringOption(options, 'defaultCode') ??
    '91';
  const code = typeof value === 'string' && value !== '' ? value : fallback;
  const enumOptions = options.enumOptions ?? [];
  const known = enumOptions.some((option) => String(option.value) === code);
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <div className={cx('bf-dial', invalid && 'is-invalid', (disabled || readonly) && 'is-disabled')}>
      <span className="bf-dial__face" aria-hidden="true">
        {dialCodeLabel(code)}
        <ChevronDownIcon className="bf-dial__chevron" />
      </span>
      <select
        id={id}
        name={props.htmlName || id}
        className="bf-dial__select"
        value={code}
        disabled={disabled || readonly}
        autoComplete="tel-country-code"
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id)}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
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
