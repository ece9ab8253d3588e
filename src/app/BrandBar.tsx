import type { ReactNode } from 'react';

/** The insurer's top bar: logo linking home, and whatever actions a page adds. */
export function BrandBar({ children }: { children?: ReactNode }) {
  return (
    <header className="bf-brandbar">
      <a className="bf-brand" href="/" aria-label="Bimaflow Life Insurance, all plans">
        <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="#0b4f9c" />
          <path
            d="M9 24V8h8a4.5 4.5 0 0 1 0 9H9m8 0a4 4 0 0 1 0 7H9"
            stroke="#fff"
            strokeWidth="2.6"
            fill="none"
          />
        </svg>
        <span className="bf-brand__name">
          bimaflow <span className="bf-brand__life">life</span>
        </span>
      </a>
      <div className="bf-brandbar__actions">{children}</div>
    </header>
  );
}
