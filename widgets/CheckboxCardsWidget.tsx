import type { ChangeEvent } from 'react';
import { optionId, type RJSFSchema, type WidgetProps } from '@rjsf/utils';
import { describedBy } from './InputGroup.tsx';
import RequiredMark from './RequiredMark.tsx';
import { CheckIcon } from './icons.tsx';
import { cx, labelledOptions, recordOption, stringListOption } from './uiOptions.ts';

/** Per-option extras a uiSchema may give, keyed by option value. */
interface CardOptions {
  description: string;
}

const same = (a: unknown, b: unknown) => a === b || String(a) === String(b);

/**
 * A multiple choice (an array of unique enum values, e.g. the funds of a strategy) drawn as
 * cards like RadioCardsWidget, with a check mark for a radio dot. Each choice is a real
 * <input type="checkbox"> whose label is the whole card, in a fieldset whose legend is the
 * field label, so Tab and Space, form semantics and screen readers behave as for any
 * checkbox group. The fieldset carries the field id (and tabIndex -1) so error navigation
 * can scroll and focus to it; the field's message is named by every checkbox.
 *
 * The value lists the chosen values in the options' order whatever order they were ticked
 * in; with nothing chosen the field is empty (undefined), as a cleared text field is.
 * Labels are the items' `x-enumNames` (or `oneOf` titles).
 *
 * ui:options: cards { "<value>": { description } }, disabledValues [values], and RJSF's
 * enumDisabled.
 */
export default function CheckboxCardsWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, label } =
    props;
  const { schema, registry } = props;
  // The items' schema as RJSF read the options from it (a $ref to shared enums resolved).
  const items =
    schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)
      ? registry.schemaUtils.retrieveSchema(schema.items as RJSFSchema)
      : undefined;
  const choices = labelledOptions(items, options.enumOptions);
  const extras = recordOption<CardOptions>(options, 'cards');
  const disabledValues = new Set(stringListOption(options, 'disabledValues'));
  const enumDisabled = (options.enumDisabled ?? []) as unknown[];
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const invalid = (rawErrors?.length ?? 0) > 0;
  const name = props.htmlName || id;

  /** The chosen values with one choice ticked or unticked, in option order (unknown values kept last). */
  const toggled = (index: number, on: boolean): unknown[] | undefined => {
    const target = choices[index]?.value;
    const picked = choices
      .map((choice) => choice.value)
      .filter((candidate) =>
        same(candidate, target) ? on : chosen.some((selected) => same(selected, candidate)),
      );
    const unknown = chosen.filter((selected) => !choices.some((choice) => same(choice.value, selected)));
    const next = [...picked, ...unknown];
    return next.length ? next : undefined;
  };

  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={cx('bf-check-cards', invalid && 'is-invalid')}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(id)}
    >
      <legend className={cx('bf-label', props.hideLabel && 'bf-visually-hidden')}>
        {label}
        {required && <RequiredMark />}
      </legend>
      <div className="bf-check-cards__list">
        {choices.map((choice, index) => {
          const key = String(choice.value);
          const inputId = optionId(id, index);
          const description = extras[key]?.description;
          const checked = chosen.some((selected) => same(selected, choice.value));
          const locked =
            disabled ||
            readonly ||
            disabledValues.has(key) ||
            enumDisabled.some((off) => same(off, choice.value));
          const descriptionId = typeof description === 'string' ? `${inputId}__description` : undefined;
          return (
            <div
              key={inputId}
              className={cx('bf-check-card', checked && 'is-checked', locked && 'is-disabled')}
            >
              <input
                type="checkbox"
                id={inputId}
                name={name}
                className="bf-check-card__input"
                value={String(index)}
                checked={checked}
                disabled={locked}
                autoFocus={props.autofocus && index === 0}
                aria-invalid={invalid || undefined}
                aria-describedby={[descriptionId, `${id}__error`, `${id}__help`].filter(Boolean).join(' ')}
                onChange={(event: ChangeEvent<HTMLInputElement>) =>
                  onChange(toggled(index, event.target.checked))
                }
                onBlur={() => onBlur(id, value)}
                onFocus={() => onFocus(id, value)}
              />
              <label htmlFor={inputId} className="bf-check-card__label">
                <span className="bf-check-card__mark" aria-hidden="true">
                  <CheckIcon />
                </span>
                <span className="bf-check-card__title">{choice.label}</span>
                {descriptionId && (
                  <span className="bf-check-card__description" id={descriptionId}>
                    {description}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
