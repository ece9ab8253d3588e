import { useId, useState } from 'react';
import type { ProposalContent } from '../../plans/proposalContent.ts';
import { routeHash, type ProposalEntry } from './proposalSteps.ts';

/**
 * The proposal's steps that apply, in order, each a link to its own route with its status:
 * done, this step, or to do. Every step opens directly; submission needs them all. On a phone
 * the list folds under one line (how far the proposal is), so the step's form comes first.
 */
export function ProposalProgress({
  entries,
  current,
  copy,
}: {
  entries: readonly ProposalEntry[];
  /** The key of the step on screen, if a step is. */
  current?: string;
  copy: ProposalContent['progress'];
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const done = entries.filter((entry) => entry.complete).length;
  return (
    <nav className="bf-card bf-proposal__progress" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{copy.title}</h2>
      <button
        type="button"
        className="bf-proposal__progress-toggle"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((value) => !value)}
      >
        {copy.summary.replace('{done}', String(done)).replace('{total}', String(entries.length))}
      </button>
      <ol id={`${id}-list`} className={`bf-progress${open ? ' bf-progress--open' : ''}`}>
        {entries.map((entry) => {
          const here = entry.key === current;
          const status = entry.complete ? 'complete' : here ? 'current' : 'pending';
          return (
            <li key={entry.key} className={`bf-progress__item bf-progress__item--${status}`}>
              <span className="bf-progress__dot" aria-hidden="true" />
              <a
                className="bf-progress__label"
                href={routeHash(entry.key)}
                aria-current={here ? 'step' : undefined}
              >
                {entry.title}
              </a>
              <span className="bf-progress__status">{copy.status[status]}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
