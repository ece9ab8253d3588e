import { useId } from 'react';
import type { ProposalNextSteps } from '../../plans/proposalContent.ts';

/** A numbered 'what happens next' list. */
export function NextSteps({ copy }: { copy: ProposalNextSteps }) {
  const id = useId();
  return (
    <section className="bf-card bf-proposal__next" aria-labelledby={id}>
      <h2 id={id}>{copy.title}</h2>
      <ol>
        {copy.items.map((item) => (
          <li key={item.title}>
            <h3>{item.title}</h3>
            <p>{item.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
