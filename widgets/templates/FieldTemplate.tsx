import type { FieldTemplateProps } from '@rjsf/utils';
import RequiredMark from '../RequiredMark.tsx';
import { cx } from '../uiOptions.ts';
import { widgetTraits } from '../widgetTraits.ts';

/**
 * Every field's frame: its label (with the red asterisk when mandatory), description, the
 * widget, then its error. The error element always exists as `${id}__error` (what the
 * inputs' aria-describedby names) with role="alert", so a message appearing in it is
 * announced; one message shows at a time, the first. No label is drawn for booleans,
 * hidden fields, or widgets that label themselves (radio cards' legend, consent text).
 */
export default function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, description, help, hidden, required, displayLabel, rawErrors, hideError } =
    props;
  const { classNames, style, schema, uiSchema, registry } = props;
  if (hidden) return <div className="bf-hidden">{children}</div>;

  const traits = widgetTraits(uiSchema, registry);
  const isContainer = schema.type === 'object' || schema.type === 'array';
  const showLabel = displayLabel && label && schema.type !== 'boolean' && !traits.ownsLabel;
  const error = rawErrors?.find((message) => message.trim() !== '');
  return (
    <div
      className={cx(
        isContainer ? 'bf-field-group' : 'bf-field',
        error && 'has-error',
        traits.compact && 'bf-field--compact',
        classNames,
      )}
      style={style}
    >
      {showLabel && (
        <label className="bf-label" htmlFor={id} id={`${id}__label`}>
          {label}
          {required && <RequiredMark />}
        </label>
      )}
      {displayLabel && description}
      {children}
      {!hideError && (
        <div id={`${id}__error`} className="bf-field-error" role="alert">
          {error}
        </div>
      )}
      {help}
    </div>
  );
}
