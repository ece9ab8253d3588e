import type { ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import InputGroup, { describedBy } from './InputGroup.tsx';
import { AMOUNT_MAX_LENGTH, formatAmountInput } from './amountInput.ts';
import { emptyToUndefined } from './textInput.ts';
import { numberOption, stringOption } from './uiOptions.ts';
import { useCaretKeeper } from './useCaretKeeper.ts';
import { useFieldDraft } from './useFieldDraft.ts';

/**
 * A rupee amount: digits only, shown with Indian grouping as typed (1,23,45,678), and
 * emitted as that grouped text, since the wire keeps amounts such as investmentAmount
 * comma-formatted (spec 02 §3.4). At most 21 characters, commas included (spec 02 §5.2).
 *
 * ui:options: prefix (e.g. "₹"), unit, maxLength (21, or the schema's), placeholder.
 */
export default function AmountWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema } =
    props;
  const maxLength = numberOption(options, 'maxLength') ?? schema.maxLength ?? AMOUNT_MAX_LENGTH;
  const prefix = stringOption(options, 'prefix');
  const unit = stringOption(options, 'unit');
  const { draft, type, commit } = useFieldDraft(onChange, id);
  const text = draft ? (draft.value ?? '') : value == null ? '' : formatAmountInput(String(value), maxLength);
  const invalid = (rawErrors?.length ?? 0) > 0;
  const { inputRef, keep } = useCaretKeeper();

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const next = formatAmountInput(raw, maxLength);
    keep(raw, event.target.selectionStart, next);
    type(emptyToUndefined(next));
  };

  return (
    <InputGroup id={id} invalid={invalid} disabled={disabled} readonly={readonly} prefix={prefix} unit={unit}>
      <input
        ref={inputRef}
        id={id}
        name={props.htmlName || id}
        className="bf-input bf-input--amount"
        type="text"
        inputMode="numeric"
        autoComplete="off"
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
        onBlur={(event) => {
          if (draft) commit(draft.value);
          onBlur(id, emptyToUndefined(event.target.value));
        }}
        onFocus={(event) => onFocus(id, emptyToUndefined(event.target.value))}
      />
    </InputGroup>
  );
}
