import type { WidgetProps } from '@rjsf/utils';
import { laterComponent } from '../engine/form/laterComponent.tsx';

/*
 * Our widgets no first screen draws (an amount to choose, a set of ticked cards: plan details
 * and later steps), out of the form runtime a phone downloads first; they come with the later
 * forms (../engine/form/laterComponent.tsx).
 */
const amount = laterComponent<WidgetProps>(() => import('./AmountWidget.tsx'), 'AmountWidget');
const checkboxCards = laterComponent<WidgetProps>(
  () => import('./CheckboxCardsWidget.tsx'),
  'CheckboxCardsWidget',
);

export const laterWidgets = {
  AmountWidget: amount.Component,
  // Its traits (./widgetTraits.ts) are known before its code is here: the ticked cards' legend is the field's label.
  CheckboxCardsWidget: Object.assign(checkboxCards.Component, { bfTraits: { ownsLabel: true } }),
};

export const loadLaterWidgets = () => Promise.all([amount.load(), checkboxCards.load()]);
