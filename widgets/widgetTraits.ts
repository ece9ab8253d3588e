import type { Registry, UiSchema } from '@rjsf/utils';

/**
 * What templates need to know about a widget beyond rendering it. A widget declares its
 * traits as a static `bfTraits` property; templates look it up through the registry.
 */
export interface WidgetTraits {
  /** The widget renders its own label (a legend or a checkbox label), so FieldTemplate renders none. */
  ownsLabel?: boolean;
  /** The widget is narrow (a dial code), so a row gives it an auto-sized column. */
  compact?: boolean;
}

interface WithTraits {
  bfTraits?: WidgetTraits;
}

/** The traits of the widget a field's uiSchema names, or none for RJSF's own widgets. */
export function widgetTraits(uiSchema: UiSchema | undefined, registry: Registry): WidgetTraits {
  const options = uiSchema?.['ui:options'] as { widget?: unknown } | undefined;
  const widget: unknown = uiSchema?.['ui:widget'] ?? options?.widget;
  const component: unknown = typeof widget === 'string' ? registry.widgets[widget] : widget;
  if (!component || (typeof component !== 'function' && typeof component !== 'object')) return {};
  return (component as WithTraits).bfTraits ?? {};
}
