import type { ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from './InputGroup.tsx';
import RequiredMark from './RequiredMark.tsx';
import { CheckIcon } from './icons.tsx';
import { cx } from './uiOptions.ts';

/**
 * A consent checkbox whose (often long) text is its own label, so the whole text is the
 * touch target. Plain text only: a uiSchema cannot inject markup. The value is a boolean;
 * its starting state is the schema default (RJSF fills it in), which for a consent is false:
 * plans:validate refuses a box that starts ticked (docs/design/consents.md).
 */
export default function DisclaimerWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, label, schema } =
    props;
  const text = label || (typeof schema.description === 'string' ? schema.description : '');
  const invalid = (rawErrors?.length ?? 0) > 0;
  const locked = disabled || readonly;
  return (
    <div className={cx('bf-disclaimer', invalid && 'is-invalid', locked && 'is-disabled')}>
      <input
        type="checkbox"
        id={id}
        name={props.htmlName || id}
        className="bf-disclaimer__input"
        checked={value === true}
        disabled={locked}
        autoFocus={props.autofocus}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      <label htmlFor={id} className="bf-disclaimer__label">
        <span className="bf-disclaimer__box" aria-hidden="true">
          <CheckIcon />
        </span>
        <span className="bf-disclaimer__text">
          {text}
          {required && <RequiredMark />}
        </span>
      </label>
    </div>
  );
}

DisclaimerWidget.bfTraits = { ownsLabel: true };
