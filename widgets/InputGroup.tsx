import type { ReactNode } from 'react';
import { cx } from './uiOptions.ts';

interface InputGroupProps {
  /** The input's id; the prefix and unit get `${id}__prefix` / `${id}__unit` for aria-describedby. */
  id: string;
  invalid?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  prefix?: string;
  unit?: string;
  /** Buttons and badges after the input, inside the same border (clear, tooltip, calendar). */
  trailing?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * The bordered box every text-like input sits in, so prefix ("₹"), unit ("Years") and
 * trailing buttons share the input's border, focus ring and error colour.
 */
export default function InputGroup(props: InputGroupProps) {
  const { id, invalid, disabled, readonly, prefix, unit, trailing, className, children } = props;
  return (
    <div
      className={cx(
        'bf-input-group',
        invalid && 'is-invalid',
        disabled && 'is-disabled',
        readonly && 'is-readonly',
        className,
      )}
    >
      {prefix && (
        <span className="bf-input-group__prefix" id={`${id}__prefix`}>
          {prefix}
        </span>
      )}
      {children}
      {unit && (
        <span className="bf-input-group__unit" id={`${id}__unit`}>
          {unit}
        </span>
      )}
      {trailing}
    </div>
  );
}

/** The aria-describedby ids for an input in a group: its error, description and help, then prefix and unit. */
export function describedBy(id: string, extra: (string | false | undefined)[] = []): string {
  return [`${id}__error`, `${id}__description`, `${id}__help`, ...extra].filter(Boolean).join(' ');
}
