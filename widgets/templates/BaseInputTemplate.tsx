import { useCallback, type ChangeEvent, type FocusEvent } from 'react';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import InputGroup, { describedBy } from '../InputGroup.tsx';
import { stringOption } from '../uiOptions.ts';

/**
 * The plain <input> RJSF's remaining widgets (number, password, url, date, ...) draw with,
 * in the same bordered group as our TextWidget so every input looks alike.
 * Reads ui:options prefix and unit like TextWidget.
 */
export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride } =
    props;
  const { options, schema, rawErrors, type, required, placeholder } = props;
  const inputProps = getInputProps(schema, type, options);
  const isNumber = inputProps.type === 'number' || inputProps.type === 'integer';
  const inputValue = isNumber ? (value || value === 0 ? value : '') : value == null ? '' : value;
  const invalid = (rawErrors?.length ?? 0) > 0;
  const prefix = stringOption(options, 'prefix');
  const unit = stringOption(options, 'unit');

  const handleChange = useCallback(
    ({ target }: ChangeEvent<HTMLInputElement>) =>
      onChange(target.value === '' ? options.emptyValue : target.value),
    [onChange, options.emptyValue],
  );
  const handleBlur = useCallback(
    ({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value),
    [onBlur, id],
  );
  const handleFocus = useCallback(
    ({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value),
    [onFocus, id],
  );

  return (
    <InputGroup id={id} invalid={invalid} disabled={disabled} readonly={readonly} prefix={prefix} unit={unit}>
      <input
        id={id}
        name={htmlName || id}
        className="bf-input"
        {...inputProps}
        placeholder={placeholder}
        value={inputValue}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, [prefix && `${id}__prefix`, unit && `${id}__unit`])}
        onChange={onChangeOverride || handleChange}
        onBlur={handleBlur}
        onFocus={handleFocus}
      />
    </InputGroup>
  );
}
