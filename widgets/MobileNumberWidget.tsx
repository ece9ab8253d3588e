import type { ChangeEvent, ClipboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import InputGroup, { describedBy } from './InputGroup.tsx';
import { mobileMaxLength, sanitizeMobile } from './mobileInput.ts';
import { stringOption } from './uiOptions.ts';
import { useFieldDraft } from './useFieldDraft.ts';

/**
 * A mobile number: digits only, whatever is typed or pasted, up to the resolved schema's
 * maxLength (10 for +91, 15 otherwise; 15 when unset). The number pad opens on phones.
 * Clearing the number when the dial code changes is a uiSchema rule of the engine, not here.
 *
 * ui:options: placeholder, prefix (e.g. a fixed "+91" where no dial code is offered).
 */
export default function MobileNumberWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema } =
    props;
  const maxLength = mobileMaxLength(schema.maxLength);
  const invalid = (rawErrors?.length ?? 0) > 0;
  const prefix = stringOption(options, 'prefix');
  const { draft, type, commit } = useFieldDraft(onChange, id);
  const text = draft
    ? (draft.value ?? '')
    : typeof value === 'string'
      ? value
      : value == null
        ? ''
        : String(value);
  const clean = (raw: string) => {
    const digits = sanitizeMobile(raw, maxLength);
    return digits === '' ? undefined : digits;
  };
  // The browser would cut a pasted "+91 98765 43210" to maxLength characters before the
  // input sees it, so a paste is assembled here and cleaned as a whole, and handed to the
  // form at once (a whole number, not a keystroke).
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    event.preventDefault();
    commit(clean(input.value.slice(0, start) + event.clipboardData.getData('text') + input.value.slice(end)));
  };
  return (
    <InputGroup id={id} invalid={invalid} disabled={disabled} readonly={readonly} prefix={prefix}>
      <input
        id={id}
        name={props.htmlName || id}
        className="bf-input"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={maxLength}
        placeholder={stringOption(options, 'placeholder') ?? props.placeholder}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={props.autofocus}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, [prefix && `${id}__prefix`])}
        onChange={(event: ChangeEvent<HTMLInputElement>) => type(clean(event.target.value))}
        onPaste={handlePaste}
        onKeyDown={(event) => event.key === 'Enter' && draft && commit(draft.value)}
        onBlur={(event) => {
          if (draft) commit(draft.value);
          onBlur(id, event.target.value);
        }}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </InputGroup>
  );
}
