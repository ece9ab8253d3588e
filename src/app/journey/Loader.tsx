/** The wait indicator: announced to screen readers, visible on every wait. */
export function Loader({ label = 'Please wait', facts }: { label?: string; facts?: string[] }) {
  return (
    <div className="bf-loader" role="status" aria-live="polite">
      <span className="bf-loader__spinner" aria-hidden="true" />
      <span className="bf-loader__label">{label}…</span>
      {facts && facts.length > 0 && <p className="bf-loader__fact">{facts[0]}</p>}
    </div>
  );
}
