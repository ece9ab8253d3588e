import { useRef, type ChangeEvent, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import InfoTooltip from './InfoTooltip.tsx';
import InputGroup, { describedBy } from './InputGroup.tsx';
import { ClearIcon } from './icons.tsx';
import { emptyToUndefined, finalizeText, formatTextInput, isTextFormat, textMaxLength } from './textInput.ts';
import { booleanOption, numberOption, stringOption } from './uiOptions.ts';
import { useFieldDraft } from './useFieldDraft.ts';

/**
 * The text input (spec 01 §5 "Text input"): optional prefix, unit, info tooltip and clear
 * button, a maxLength of 50 unless set, and input rules applied as the user types. An empty
 * field emits undefined so `required` reports it.
 *
 * ui:options: prefix, unit, tooltip, clearable, maxLength, placeholder, autocomplete,
 * inputMode, format ("name" title-cases letters and single spaces, "upper", "digits").
 */
export default function TextWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema } =
    props;
  const format = isTextFormat(options.format) ? options.format : undefined;
  const maxLength = textMaxLength(numberOption(options, 'maxLength'), schema.maxLength);
  const prefix = stringOption(options, 'prefix');
  const unit = stringOption(options, 'unit');
  const tooltip = stringOption(options, 'tooltip');
  const { draft, type, commit } = useFieldDraft(onChange, id);
  const text = draft ? (draft.value ?? '') : value == null ? '' : String(value);
  const invalid = (rawErrors?.length ?? 0) > 0;
  const numeric = schema.type === 'number' || schema.type === 'integer';
  const inputRef = useRef<HTMLInputElement>(null);
  const canClear = booleanOption(options, 'clearable', false) && !disabled && !readonly && text !== '';

  const handleChange = (event: ChangeEvent<HTMLInputElement>) =>
    type(emptyToUndefined(formatTextInput(event.target.value, format, maxLength)));

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const final = finalizeText(event.target.value, format);
    if (final !== event.target.value || draft) commit(emptyToUndefined(final));
    onBlur(id, emptyToUndefined(final));
  };

  return (
    <InputGroup
      id={id}
      invalid={invalid}
      disabled={disabled}
      readonly={readonly}
      prefix={prefix}
      unit={unit}
      trailing={
        <>
          {canClear && (
            <button
              type="button"
              className="bf-icon-button bf-clear"
              aria-label="Clear"
              onClick={() => {
                commit(undefined);
                inputRef.current?.focus();
              }}
            >
              <ClearIcon />
            </button>
          )}
          {tooltip && <InfoTooltip id={id} text={tooltip} />}
        </>
      }
    >
      <input
        ref={inputRef}
        id={id}
        name={props.htmlName || id}
        className="bf-input"
        type="text"
        inputMode={
          inputModeOption(options.inputMode) ??
          (format === 'digits' ? 'numeric' : numeric ? 'decimal' : undefined)
        }
        autoComplete={stringOption(options, 'autocomplete') ?? (format === 'name' ? 'name' : undefined)}
        autoCapitalize={format === 'name' ? 'words' : undefined}
        maxLength={maxLength}
        placeholder={stringOption(options, 'placeholder') ?? props.placeholder}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={props.autofocus}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, [prefix && `${id}__prefix`, unit && `${id}__unit`])}
        onChange={handleChange}
        onKeyDown={(event) => event.key === 'Enter' && draft && commit(draft.value)}
        onBlur={handleBlur}
        onFocus={(event) => onFocus(id, emptyToUndefined(event.target.value))}
      />
    </InputGroup>
  );
}

type InputMode = 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'search' | 'url' | 'none';
const INPUT_MODES: readonly string[] = [
  'text',
  'numeric',
  'decimal',
  'tel',
  'email',
  'search',
  'url',
  'none',
];

function inputModeOption(mode: unknown): InputMode | undefined {
  return typeof mode === 'string' && INPUT_MODES.includes(mode) ? (mode as InputMode) : undefined;
}
