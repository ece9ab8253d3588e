import type { ChangeEvent, ReactNode } from 'react';
import { enumOptionsIsSelected, enumOptionsValueForIndex, optionId, type WidgetProps } from '@rjsf/utils';
import InfoTooltip from './InfoTooltip.tsx';
import { describedBy } from './InputGroup.tsx';
import RequiredMark from './RequiredMark.tsx';
import { cx } from './uiOptions.ts';

/** One choice of a card radio group, already resolved from enumOptions and ui:options. */
export interface RadioCard {
  label: string;
  /** A picture above the label: an <img> for a URL, or an inline icon. Decorative. */
  image?: ReactNode;
  description?: string;
  tooltip?: string;
  disabled?: boolean;
  /** Not offered at all (e.g. a pay mode above its limit). */
  hidden?: boolean;
}

interface RadioCardGroupProps {
  widget: WidgetProps;
  /** One entry per `widget.options.enumOptions` entry, same order. */
  cards: RadioCard[];
  /** "compact" lays small equal tiles on one line (gender); "cards" wraps larger cards. */
  variant: 'cards' | 'compact';
}

/**
 * A radio group drawn as selectable cards. The radios are real <input type="radio"> in a
 * fieldset whose legend is the field label, so arrow keys, form semantics and screen readers
 * behave as for any radio group; the card is the radio's label, so the whole card is the
 * touch target. The fieldset carries the field id (and tabIndex -1) so error navigation can
 * scroll and focus to it.
 */
export default function RadioCardGroup({ widget, cards, variant }: RadioCardGroupProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, label } =
    widget;
  const enumOptions = options.enumOptions ?? [];
  const invalid = (rawErrors?.length ?? 0) > 0;
  const name = widget.htmlName || id;
  const valueAt = (index: string) => enumOptionsValueForIndex(index, enumOptions, options.emptyValue);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={cx('bf-radio-cards', `bf-radio-cards--${variant}`, invalid && 'is-invalid')}
      role="radiogroup"
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(id)}
    >
      <legend className={cx('bf-label', widget.hideLabel && 'bf-visually-hidden')}>
        {label}
        {required && <RequiredMark />}
      </legend>
      <div className="bf-radio-cards__list">
        {enumOptions.map((option, index) => {
          const card = cards[index] ?? { label: option.label };
          if (card.hidden) return null;
          const inputId = optionId(id, index);
          const checked = enumOptionsIsSelected(option.value, value);
          const locked = disabled || readonly || card.disabled;
          return (
            <div
              key={inputId}
              className={cx(
                'bf-radio-card',
                checked && 'is-checked',
                locked && 'is-disabled',
                card.tooltip && 'has-tooltip',
              )}
            >
              <input
                type="radio"
                id={inputId}
                name={name}
                className="bf-radio-card__input"
                value={String(index)}
                checked={checked}
                disabled={locked}
                autoFocus={widget.autofocus && index === 0}
                aria-describedby={card.description ? `${inputId}__description` : undefined}
                onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(valueAt(event.target.value))}
                onBlur={(event) => onBlur(id, valueAt(event.target.value))}
                onFocus={(event) => onFocus(id, valueAt(event.target.value))}
              />
              <label htmlFor={inputId} className="bf-radio-card__label">
                <span className="bf-radio-card__mark" aria-hidden="true" />
                {card.image && <span className="bf-radio-card__image">{card.image}</span>}
                <span className="bf-radio-card__title">{card.label}</span>
                {card.description && (
                  <span className="bf-radio-card__description" id={`${inputId}__description`}>
                    {card.description}
                  </span>
                )}
              </label>
              {card.tooltip && (
                <span className="bf-radio-card__tooltip">
                  <InfoTooltip id={inputId} text={card.tooltip} label={`More about ${card.label}`} />
                </span>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** An image URL as a decorative picture for a card. */
export function cardImage(src: string | undefined): ReactNode {
  return src ? <img src={src} alt="" loading="lazy" /> : undefined;
}
