import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import InputGroup, { describedBy } from './InputGroup.tsx';
import { COMMON_EMAIL_DOMAINS, EMAIL_MAX_LENGTH, emailSuggestions } from './emailSuggestions.ts';
import { emptyToUndefined, textMaxLength } from './textInput.ts';
import { cx, numberOption, stringListOption, stringOption } from './uiOptions.ts';
import { useFieldDraft } from './useFieldDraft.ts';

/**
 * An e-mail input that, once '@' is typed, offers common mail domains matching what follows
 * it (spec 01 §5). It is an ARIA combobox: arrow keys move through the suggestions
 * (aria-activedescendant), Enter or a click completes the address, Escape dismisses. The
 * address is kept exactly as typed (no lowercasing). A plain text input with the e-mail
 * keyboard is used because type="email" sanitizes the value under a controlled input.
 *
 * ui:options: domains (replaces the common list), maxLength (50), placeholder.
 */
export default function EmailWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema } =
    props;
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const { draft, type, commit } = useFieldDraft(onChange, id);
  const text = draft ? (draft.value ?? '') : value == null ? '' : String(value);
  const maxLength = textMaxLength(numberOption(options, 'maxLength'), schema.maxLength ?? EMAIL_MAX_LENGTH);
  const domains = stringListOption(options, 'domains');
  const suggestions =
    focused && !dismissed && !readonly && !disabled
      ? emailSuggestions(text, domains.length > 0 ? domains : COMMON_EMAIL_DOMAINS, maxLength)
      : [];
  const open = suggestions.length > 0;
  const listboxId = `${id}__suggestions`;
  const optionDomId = (index: number) => `${id}__suggestion-${index}`;
  const invalid = (rawErrors?.length ?? 0) > 0;

  const choose = (address: string) => {
    commit(address);
    setDismissed(true);
    setActive(-1);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    type(emptyToUndefined(event.target.value.slice(0, maxLength)));
    setDismissed(false);
    setActive(-1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && draft && !(open && active >= 0)) commit(draft.value);
    if (!open) return;
    const count = suggestions.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((active + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(active <= 0 ? count - 1 : active - 1);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      setActive(-1);
    }
  };

  return (
    <div className="bf-combobox">
      <InputGroup id={id} invalid={invalid} disabled={disabled} readonly={readonly}>
        <input
          id={id}
          name={props.htmlName || id}
          className="bf-input"
          type="text"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={maxLength}
          placeholder={stringOption(options, 'placeholder') ?? props.placeholder}
          value={text}
          disabled={disabled}
          readOnly={readonly}
          autoFocus={props.autofocus}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && active >= 0 ? optionDomId(active) : undefined}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(id)}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onFocus={(event) => {
            setFocused(true);
            onFocus(id, emptyToUndefined(event.target.value));
          }}
          onBlur={(event) => {
            setFocused(false);
            setActive(-1);
            if (draft) commit(draft.value);
            onBlur(id, emptyToUndefined(event.target.value));
          }}
        />
      </InputGroup>
      <ul id={listboxId} role="listbox" aria-label="Email suggestions" className="bf-menu" hidden={!open}>
        {suggestions.map((address, index) => (
          <li
            key={address}
            id={optionDomId(index)}
            role="option"
            aria-selected={index === active}
            className={cx('bf-menu__option', index === active && 'is-active')}
            // Keep focus in the input so the click lands and typing can go on.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(address)}
          >
            {address}
          </li>
        ))}
      </ul>
    </div>
  );
}
