import type { WidgetProps } from '@rjsf/utils';
import RadioCardGroup, { cardImage, type RadioCard } from './RadioCardGroup.tsx';
import { recordOption, stringListOption } from './uiOptions.ts';

/** Per-option extras a uiSchema may give, keyed by option value. */
interface CardOptions {
  image: string;
  tooltip: string;
  description: string;
}

/**
 * A radio group drawn as cards (plan options, pay mode, yes/no questions), with optional
 * image, description and tooltip per option (spec 01 §5 "Radio group").
 *
 * ui:options: cards { "<value>": { image, tooltip, description } }, disabledValues [values],
 * hiddenValues [values not offered at all], and RJSF's enumDisabled.
 */
export default function RadioCardsWidget(props: WidgetProps) {
  const { options } = props;
  const extras = recordOption<CardOptions>(options, 'cards');
  const disabledValues = new Set(stringListOption(options, 'disabledValues'));
  const enumDisabled = new Set((options.enumDisabled ?? []).map(String));
  const hiddenValues = new Set(stringListOption(options, 'hiddenValues'));
  const cards: RadioCard[] = (options.enumOptions ?? []).map((option) => {
    const key = String(option.value);
    const extra = extras[key] ?? {};
    return {
      label: option.label,
      image: cardImage(typeof extra.image === 'string' ? extra.image : undefined),
      description: typeof extra.description === 'string' ? extra.description : undefined,
      tooltip: typeof extra.tooltip === 'string' ? extra.tooltip : undefined,
      disabled: disabledValues.has(key) || enumDisabled.has(key),
      hidden: hiddenValues.has(key),
    };
  });
  return <RadioCardGroup widget={props} cards={cards} variant="cards" />;
}

RadioCardsWidget.bfTraits = { ownsLabel: true };
