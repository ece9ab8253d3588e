import { useId, useState } from 'react';
import type { ProposalContent } from '../../plans/proposalContent.ts';
import { routeHash, type ProposalEntry } from './proposalSteps.ts';

/**
 * The proposal's steps that apply, in order, each a link to its own route with its status:
 * done, this step, or to do (said once it is known: the other steps' validators come just
 * after the page). Every step opens directly; submission needs them all. On a phone
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
  // Until every step's validator has come (moments after the page), how far it is is not known.
  const known = entries.every((entry) => entry.complete !== undefined);
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
        {known
          ? copy.summary.replace('{done}', String(done)).replace('{total}', String(entries.length))
          : copy.checking}
      </button>
      <ol id={`${id}-list`} className={`bf-progress${open ? ' bf-progress--open' : ''}`}>
        {entries.map((entry) => {
          const here = entry.key === current;
          const status = entry.complete ? 'complete' : here ? 'current' : 'pending';
          const shown = entry.complete === undefined && !here ? '' : copy.status[status];
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
              <span className="bf-progress__status">{shown}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
