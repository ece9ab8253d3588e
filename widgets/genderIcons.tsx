import type { ComponentType } from 'react';

/**
 * Person icons for the gender choice, drawn inline so they follow the card's colour
 * (`currentColor`, with `--bf-icon-bg` behind) and need no image requests. Decorative:
 * the option label names the choice.
 */
interface GenderIconProps {
  className?: string;
}

const frame = {
  width: 44,
  height: 44,
  viewBox: '0 0 48 48',
  'aria-hidden': true,
  focusable: false,
} as const;

const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Backdrop() {
  return <circle cx="24" cy="24" r="23" fill="var(--bf-icon-bg, #eaf2fb)" />;
}

export function MaleIcon({ className }: GenderIconProps) {
  return (
    <svg {...frame} className={className}>
      <Backdrop />
      <path d="M11.5 39.5c1.6-6.8 6.4-10.3 12.5-10.3s10.9 3.5 12.5 10.3" {...line} />
      <circle cx="24" cy="19.5" r="7" {...line} />
      <path
        d="M16.9 18.6c-.3-5.2 3-8.4 7.1-8.4 4.2 0 7.4 3 7.1 8.4-1.6-1.9-3.9-2.8-6.6-2.8-2.9 0-5.6.9-7.6 2.8z"
        fill="currentColor"
      />
    </svg>
  );
}

export function FemaleIcon({ className }: GenderIconProps) {
  return (
    <svg {...frame} className={className}>
      <Backdrop />
      <path
        d="M15.2 29.2c2-1.4 2.2-4 2.2-8.6 0-5.6 3-9.5 6.6-9.5s6.6 3.9 6.6 9.5c0 4.6.2 7.2 2.2 8.6-2.8 1.2-5.6 1.2-8.8 1.2s-6-.1-8.8-1.2z"
        fill="currentColor"
      />
      <circle cx="24" cy="20" r="6.2" {...line} fill="var(--bf-icon-face, #fff)" />
      <path d="M11.5 39.5c1.6-6.4 6.4-9.6 12.5-9.6s10.9 3.2 12.5 9.6" {...line} />
    </svg>
  );
}

export function OtherIcon({ className }: GenderIconProps) {
  return (
    <svg {...frame} className={className}>
      <Backdrop />
      <path d="M11.5 39.5c1.6-6.8 6.4-10.3 12.5-10.3s10.9 3.5 12.5 10.3" {...line} />
      <circle cx="24" cy="19.5" r="7" {...line} />
      <path
        d="M17.2 17.4c1.2-4.4 4-6.6 7.6-6.6 3.3 0 5.7 1.8 6.6 5.2-3.1-.5-5.6-1.5-7.8-3.2-1.5 2.2-3.6 3.8-6.4 4.6z"
        fill="currentColor"
      />
      <path d="M36.5 8.5v6M33.5 11.5h6" {...line} strokeWidth={1.6} />
    </svg>
  );
}

/** Icons by gender option value (enums.schema.json gender: Male, Female, Other). */
export const genderIcons: Record<string, ComponentType<GenderIconProps>> = {
  Male: MaleIcon,
  Female: FemaleIcon,
  Other: OtherIcon,
};
