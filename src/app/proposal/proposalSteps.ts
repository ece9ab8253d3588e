import { holds } from '../../../engine/plan/conditions.ts';
import { formTitle as stepTitle } from '../../../engine/plan/formTitle.ts';
import { withOffers } from '../../../engine/plan/offers.ts';
import type { LoadedStep, StepDefinition } from '../../../engine/plan/types.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { sectionOfStage, sectionsAlsoSavedBy } from '../../journey/submit/stages.ts';
import type { ProposalForms } from './proposalForms.ts';

/*
 * The proposal's steps as the page shows them (docs/design/proposal.md): those that apply to
 * the application, in order, each complete when what the application holds for it passes its
 * own schema. What the visitor types into a step is a draft (kept with the application in
 * session storage) until the step is saved; only then is it the application's.
 */

type Data = Record<string, unknown>;

export interface ProposalEntry {
  /** The step's hash route key ('' for #/). */
  key: string;
  step: LoadedStep;
  title: string;
  /** Undefined while the step's validator is still on its way (forms.loadForms()). */
  complete: boolean | undefined;
}

export { stepTitle };

/** The step's form data as the application holds it (its bound places). */
export function boundData(step: LoadedStep, state: ApplicationState): Data {
  return Object.fromEntries(
    Object.entries(step.definition.bind).map(([field, pointer]) => [field, getByPointer(state, pointer)]),
  );
}

/**
 * The proposal steps that apply to the application, in order, each with whether it is complete
 * (not known until its validator has come: the page's first step's comes with the page).
 */
export function proposalEntries(forms: ProposalForms, state: ApplicationState): ProposalEntry[] {
  return Object.entries(forms.proposal)
    .filter(([, step]) => holds(step.definition.when, state))
    .map(([key, step]) => ({
      key,
      step,
      title: stepTitle(step),
      complete: step.validatorLoaded()
        ? step.validator.isValid(step.schema, boundData(step, state), step.schema)
        : undefined,
    }));
}

/** The address of a proposal step's route: '#/personal-details/basic', '#/' for the root. */
export const routeHash = (key: string) => `#/${key}`;

/** The sections a step's stage saves: its own and those saved with it (the declarations'). */
export function savedSections(definition: StepDefinition): string[] {
  const stage = definition.submit?.stage;
  return stage ? [sectionOfStage(stage), ...sectionsAlsoSavedBy(stage)] : [];
}

/** The step's fields it saves: bound into one of its stage's sections (not those it only reads, as the premium). */
export function savedFields(definition: StepDefinition): [string, string][] {
  const sections = savedSections(definition);
  return Object.entries(definition.bind).filter(([, pointer]) => sections.includes(pointer.split('/')[1]!));
}

/** Where the step's draft is kept in the application state: '#' and its route key, '/' and '~' as '_' (one plain segment). */
export const draftPointer = (key: string) => `/proposalDrafts/#${key.replace(/[/~]/g, '_')}`;

/**
 * The data a step opens with: the visitor's draft when there is one, else what the application
 * holds, with what it already knows offered in the fields still empty (the holder's name).
 */
export function openingData(key: string, step: LoadedStep, state: ApplicationState): Data {
  const draft = getByPointer(state, draftPointer(key));
  if (draft && typeof draft === 'object') return draft as Data;
  return withOffers(boundData(step, state), step.definition.offer, state);
}
