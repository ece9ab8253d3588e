import { applicationFigures } from './applicationFigures.ts';
import { BenefitIllustrationButton } from './BenefitIllustrationButton.tsx';
import { ConsentPreferences } from './ConsentPreferences.tsx';
import { FiguresList } from './FiguresList.tsx';
import { NextSteps } from './NextSteps.tsx';
import { OutcomeMark } from './OutcomeMark.tsx';
import type { ProposalForms } from './proposalForms.ts';
import type { ProposalScreenProps } from './proposalScreenProps.ts';
import { proposalEntries, routeHash } from './proposalSteps.ts';

/**
 * #/thank-you (spec 01 §2 success screen): once the proposal is submitted (journeyFlag), the
 * proposal is in; its numbers and what happens next. Before that, no thanks: what is still to
 * do, and the way back to it.
 */
export function ThankYouScreen({
  config,
  content,
  store,
  api,
  state,
  settled,
  headingRef,
  forms,
}: ProposalScreenProps & { forms?: ProposalForms }) {
  const copy = content.proposal;
  if (!state.journeyFlag) {
    // The first step still to do; with every step done, the last, whose button submits.
    const entries = forms ? proposalEntries(forms, state) : [];
    const target = (entries.find((entry) => !entry.complete) ?? entries.at(-1))?.key;
    return (
      <section className="bf-card bf-proposal__card">
        <OutcomeMark tone="waiting" />
        <h1 className="bf-step-title" ref={headingRef} tabIndex={-1}>
          {copy.notSubmitted.heading}
        </h1>
        <p>{copy.notSubmitted.body}</p>
        {target !== undefined && (
          <div className="bf-proposal__actions">
            <a className="bf-button bf-button--primary" href={routeHash(target)}>
              {copy.notSubmitted.action}
            </a>
          </div>
        )}
      </section>
    );
  }
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
      <ConsentPreferences store={store} api={api} settled={settled} copy={copy.consents} />
    </>
  );
}
