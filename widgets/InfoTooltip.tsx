import { useState, type KeyboardEvent } from 'react';
import { InfoIcon } from './icons.tsx';
import { cx } from './uiOptions.ts';

interface InfoTooltipProps {
  /** Base id; the tooltip text gets `${id}__tooltip`. */
  id: string;
  text: string;
  /** Accessible name of the info button. */
  label?: string;
}

/**
 * An info icon whose text shows on hover, keyboard focus or tap, and is always the button's
 * accessible description, so screen readers get it without opening anything. Escape hides it.
 */
export default function InfoTooltip({ id, text, label = 'More information' }: InfoTooltipProps) {
  const [open, setOpen] = useState(false);
  const tooltipId = `${id}__tooltip`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <span className="bf-tooltip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="bf-tooltip__button"
        aria-label={label}
        aria-describedby={tooltipId}
        // A tap both focuses and clicks, so a click only ever opens; leaving the button closes.
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      >
        <InfoIcon />
      </button>
      <span role="tooltip" id={tooltipId} className={cx('bf-tooltip__bubble', open && 'is-open')}>
        {text}
      </span>
    </span>
  );
}
