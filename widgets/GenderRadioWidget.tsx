import type { WidgetProps } from '@rjsf/utils';
import RadioCardGroup, { cardImage, type RadioCard } from './RadioCardGroup.tsx';
import { genderIcons, OtherIcon } from './genderIcons.tsx';
import { stringOption } from './uiOptions.ts';

/**
 * Gender as three picture tiles (Male, Female, Other) from the schema's options, each with
 * an inline person icon. `ui:options.images` { "<value>": "<url>" } replaces an icon with an
 * image, e.g. a plan's own artwork. Options without an icon get the neutral one.
 */
export default function GenderRadioWidget(props: WidgetProps) {
  const { options } = props;
  const images =
    options.images && typeof options.images === 'object' ? (options.images as Record<string, unknown>) : {};
  const cards: RadioCard[] = (options.enumOptions ?? []).map((option) => {
    const key = String(option.value);
    const url = stringOption(images, key);
    const Icon = genderIcons[key] ?? OtherIcon;
    return { label: option.label, image: url ? cardImage(url) : <Icon className="bf-gender-icon" /> };
  });
  return <RadioCardGroup widget={props} cards={cards} variant="compact" />;
}

GenderRadioWidget.bfTraits = { ownsLabel: true };
