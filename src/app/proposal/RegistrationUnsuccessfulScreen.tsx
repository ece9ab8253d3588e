import { getByPointer } from '../../../engine/schema/pointer.ts';
import { journeyBase } from '../planRegistry.ts';
import { OutcomeMark } from './OutcomeMark.tsx';
import type { ProposalRefusal } from './proposalCalls.ts';
import type { ProposalForms } from './proposalForms.ts';
import { ProposalProgress } from './ProposalProgress.tsx';
import type { ProposalScreenProps } from './proposalScreenProps.ts';
import { proposalEntries, routeHash, type ProposalEntry } from './proposalSteps.ts';
import { premiumReceived } from './proposalAccess.ts';

/** The step whose saved place a refused field lies in ('bankDetails.primary.ifsc' → the bank step). */
function stepOfField(entries: readonly ProposalEntry[], field: string): ProposalEntry | undefined {
  const path = `/${field.split('.').join('/')}`;
  return entries.find((entry) =>
    Object.values(entry.step.definition.bind).some(
      (pointer) => path === pointer || path.startsWith(`${pointer}/`),
    ),
  );
}

/**
 * #/registration-unsuccesful (spelt so, spec 02 §2.2): the server refused the submission. What
 * it said, each step still to complete with a link to it, and the premium when it is still due;
 * nothing saved is lost.
 */
export function RegistrationUnsuccessfulScreen({
  config,
  content,
  state,
  headingRef,
  forms,
}: ProposalScreenProps & { forms: ProposalForms }) {
  const copy = content.proposal;
  const entries = proposalEntries(forms, state);
  const refusal = getByPointer(state, '/proposalRefusal') as ProposalRefusal | undefined;
  // The steps to do: those the server named, and any this tab sees incomplete.
  const named = new Set((refusal?.errors ?? []).map((error) => stepOfField(entries, error.field)?.key));
  const todo = entries.filter((entry) => named.has(entry.key) || !entry.complete);
  const unplaced = (refusal?.errors ?? []).filter((error) => !stepOfField(entries, error.field));
  const payDue = !premiumReceived(state);
  return (
    <div className="bf-proposal__step-layout">
      <ProposalProgress entries={entries} copy={copy.progress} />
      <section className="bf-card bf-proposal__card">
        <OutcomeMark tone="due" />
        <h1 className="bf-step-title" ref={headingRef} tabIndex={-1}>
          {copy.registrationUnsuccessful.heading}
        </h1>
        <div className="bf-proposal__outcome bf-proposal__outcome--due" role="alert">
          {refusal?.message && <p>{refusal.message}</p>}
          <p>{copy.registrationUnsuccessful.body}</p>
        </div>
        <ul className="bf-proposal__problems">
          {todo.map((entry) => (
            <li key={entry.key}>
              <a href={routeHash(entry.key)}>
                {copy.registrationUnsuccessful.action.replace('{step}', entry.title)}
              </a>
            </li>
          ))}
          {unplaced.map((error) => (
            <li key={`${error.field}:${error.message}`}>{error.message}</li>
          ))}
        </ul>
        {payDue && (
          <div className="bf-proposal__actions">
            <a className="bf-button bf-button--primary" href={`${journeyBase(config)}make-payment`}>
              {copy.registrationUnsuccessful.payAction}
            </a>
          </div>
        )}
      </section>
    </div>
  );
}
