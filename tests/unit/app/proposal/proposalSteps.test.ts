import { describe, expect, it } from 'vitest';
import { commonDocuments } from '../../../../engine/plan/buildPlan.ts';
import { buildProposal } from '../../../../engine/plan/buildProposal.ts';
import {
  initialApplicationState,
  setAtPointer,
  type ApplicationState,
} from '../../../../engine/state/applicationState.ts';
import { compilingValidators } from '../../../../engine/validation/createFormValidator.ts';
import { isPaid, isProposalOpen, premiumReceived } from '../../../../src/app/proposal/proposalAccess.ts';
import {
  draftPointer,
  openingData,
  proposalEntries,
  savedFields,
  savedSections,
} from '../../../../src/app/proposal/proposalSteps.ts';
import { readCommonDocuments, readPlanFiles } from '../../../../src/plans/nodePlanSource.ts';
import { resolveFixtureData } from '../../../../tools/lib/fixtureDates.ts';

const files = readPlanFiles('T54');
const forms = buildProposal(files, commonDocuments(readCommonDocuments()), compilingValidators);
const journeyCase = (step: string) => {
  const path = forms.proposal[step]!.definition.fixtures!;
  const fixture = files[path] as { cases: { name: string; data: Record<string, unknown> }[] };
  return resolveFixtureData(fixture.cases.find((c) => c.name === 'journey')!.data);
};

const holder: ApplicationState = {
  ...initialApplicationState(),
  basicDetails: { policyHolder: { fullName: 'Ramesh Kumar Sharma', buyFor: 'Myself' }, insuredPerson: {} },
  personalDetails: { primary: { pincode: '452009', city: 'Indore', state: 'Madhya Pradesh' } },
  planDetails: { investmentFrequency: 'Yearly', annualPremium: 200000, isFilled: true },
  paymentDetails: { status: 'success' },
};
const paid = (paymentDetails: Record<string, unknown>) => ({ ...holder, paymentDetails });

describe('the proposal steps on the page', () => {
  it('lists the steps that apply, in order: the secondary life’s documents only when buying for someone else', () => {
    expect(proposalEntries(forms, holder).map((entry) => entry.key)).toEqual([
      'personal-details/basic',
      'personal-details/employment',
      'personal-details/nominee',
      'bank-details',
      'bank-details/sub-bank-details',
      'bank-details/fatca-details',
      '',
      'review-upload-doc/upload-doc',
    ]);
    const joint = setAtPointer(holder, '/basicDetails/policyHolder/buyFor', 'Joint Life');
    expect(proposalEntries(forms, joint).at(-1)!.key).toBe('review-upload-doc/upload-doc?type=secondary');
    // A single premium has no renewals to mandate.
    const single = setAtPointer(holder, '/planDetails/investmentFrequency', 'Single');
    expect(proposalEntries(forms, single).map((entry) => entry.key)).not.toContain('');
  });

  it('marks a step complete only when what the application holds for it passes its schema', () => {
    expect(proposalEntries(forms, holder).every((entry) => !entry.complete)).toBe(true);
    const nominees = journeyCase('personal-details/nominee');
    const saved = { ...holder, pdNomineeDetails: nominees } as ApplicationState;
    const entry = proposalEntries(forms, saved).find((e) => e.key === 'personal-details/nominee')!;
    expect(entry.complete).toBe(true);
  });

  it('opens a step on the draft, else on what is saved with what the application knows offered', () => {
    const step = forms.proposal['personal-details/basic']!;
    const opened = openingData('personal-details/basic', step, holder);
    expect(opened.personal).toMatchObject({
      firstName: 'Ramesh',
      middleName: 'Kumar',
      lastName: 'Sharma',
      pincode: '452009',
      city: 'Indore',
    });
    expect(opened.annualPremium).toBe(200000);
    const typed = { personal: { firstName: 'Rames' } };
    const withDraft = setAtPointer(holder, draftPointer('personal-details/basic'), typed);
    expect(openingData('personal-details/basic', step, withDraft)).toBe(typed);
    // What the visitor saved is not overwritten by an offer.
    const saved = setAtPointer(holder, '/journeyDetails/primary', { firstName: 'R.' });
    expect(
      (openingData('personal-details/basic', step, saved).personal as { firstName: string }).firstName,
    ).toBe('R.');
  });

  it('keeps each draft at a place of its own, the root step’s too', () => {
    expect(draftPointer('')).toBe('/proposalDrafts/#');
    expect(draftPointer('review-upload-doc/upload-doc?type=secondary')).toBe(
      '/proposalDrafts/#review-upload-doc_upload-doc?type=secondary',
    );
  });

  it('saves the sections of its stage, never the places it only reads', () => {
    const personal = forms.proposal['personal-details/basic']!.definition;
    expect(savedSections(personal)).toEqual(['journeyDetails']);
    expect(savedFields(personal)).toEqual([['personal', '/journeyDetails/primary']]);
    expect(savedSections(forms.proposal['bank-details']!.definition)).toEqual([
      'otherPolicyDetails',
      'healthDetails',
      'lifeStyleQuestions',
      'travelDeclaration',
    ]);
  });
});

describe('what the payment opens', () => {
  it('opens the proposal at the payment stage and asks the premium received to submit', () => {
    expect(isProposalOpen(paid({}))).toBe(false);
    expect(isProposalOpen(paid({ payLater: true, status: 'failure' }))).toBe(true);
    expect(isPaid(paid({ payLater: true, status: 'failure' }))).toBe(false);
    expect(isPaid(paid({ status: 'pending', basbastatus: 'initiated' }))).toBe(true);
    expect(premiumReceived(paid({ status: 'pending', basbastatus: 'initiated' }))).toBe(false);
    expect(premiumReceived(paid({ status: 'success' }))).toBe(true);
  });
});
