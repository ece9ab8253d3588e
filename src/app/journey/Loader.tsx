import { useState } from 'react';

/** The wait indicator with a promotional fact (spec 01 §2): announced to screen readers, visible on every wait. */
export function Loader({ label = 'Please wait', facts }: { label?: string; facts?: string[] }) {
  const [fact] = useState(() =>
    facts?.length ? facts[Math.floor(Math.random() * facts.length)] : undefined,
  );
  return (
    <div className="bf-loader" role="status" aria-live="polite">
      <span className="bf-loader__spinner" aria-hidden="true" />
      <span className="bf-loader__label">{label}…</span>
      {fact && <p className="bf-loader__fact">{fact}</p>}
    </div>
  );
}
