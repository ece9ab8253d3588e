import { applicationFigures } from './applicationFigures.ts';
import { BenefitIllustrationButton } from './BenefitIllustrationButton.tsx';
import { FiguresList } from './FiguresList.tsx';
import { NextSteps } from './NextSteps.tsx';
import { OutcomeMark } from './OutcomeMark.tsx';
import type { ProposalScreenProps } from './proposalScreenProps.ts';

/** #/thank-you (spec 01 §2 success screen): the proposal is in; its numbers and what happens next. */
export function ThankYouScreen({ config, content, store, api, state, headingRef }: ProposalScreenProps) {
  const copy = content.proposal;
  return (
    <>
      <section className="bf-card bf-proposal__card">
        <OutcomeMark tone="done" />
        <h1 className="bf-step-title" ref={headingRef} tabIndex={-1}>
          {copy.thankYou.heading}
        </h1>
        <div className="bf-proposal__outcome bf-proposal__outcome--done">
          <h2>{copy.thankYou.title}</h2>
          <p>{copy.thankYou.body}</p>
        </div>
        <FiguresList
          figures={applicationFigures(state, content.planOptions)}
          planName={config.productName}
          copy={copy}
        />
        <div className="bf-proposal__actions">
          <BenefitIllustrationButton store={store} api={api} copy={copy.benefitIllustration} />
          <a className="bf-button bf-button--primary" href="/">
            {copy.homepage}
          </a>
        </div>
      </section>
      <NextSteps copy={copy.thankYou.nextSteps} />
    </>
  );
}
