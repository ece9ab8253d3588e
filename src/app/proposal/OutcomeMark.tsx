/** The round mark above a screen's heading: a tick once it is done, a clock while it waits, ₹ while money is due. */
export function OutcomeMark({ tone }: { tone: 'done' | 'waiting' | 'due' }) {
  return (
    <span className={`bf-proposal__mark bf-proposal__mark--${tone}`} aria-hidden="true">
      <svg width="32" height="32" viewBox="0 0 32 32" fill="none" stroke="currentColor" strokeWidth="3">
        {tone === 'done' ? (
          <path d="M8 16.5l5.5 5.5L24 11" strokeLinecap="round" strokeLinejoin="round" />
        ) : tone === 'waiting' ? (
          <>
            <circle cx="16" cy="16" r="10" />
            <path d="M16 10v6l4 3" strokeLinecap="round" strokeLinejoin="round" />
          </>
        ) : (
          <text
            x="16"
            y="23"
            textAnchor="middle"
            fontSize="20"
            fontWeight="700"
            fill="currentColor"
            stroke="none"
          >
            ₹
          </text>
        )}
      </svg>
    </span>
  );
}
