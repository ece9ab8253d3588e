import { journeyBase } from '../planRegistry.ts';
import { fillTemplate } from './fillTemplate.ts';
import type { ProposalScreenProps } from './proposalScreenProps.ts';

/** A tab with no application (opened afresh, or its session ended): where to start or resume one. */
export function NoApplicationScreen({
  config,
  content,
  headingRef,
}: Pick<ProposalScreenProps, 'config' | 'content' | 'headingRef'>) {
  const copy = content.proposal;
  return (
    <section className="bf-card bf-proposal__card">
      <h1 className="bf-step-title" ref={headingRef} tabIndex={-1}>
        {copy.noApplication.title}
      </h1>
      <p>{copy.noApplication.body}</p>
      <p>
        {fillTemplate(copy.noApplication.resumeHint, { resumeApplication: content.header.resumeApplication })}
      </p>
      <div className="bf-proposal__actions">
        <a className="bf-button bf-button--primary" href={journeyBase(config)}>
          {copy.noApplication.action}
        </a>
        <a className="bf-button bf-button--secondary" href="/">
          {copy.homepage}
        </a>
      </div>
    </section>
  );
}
