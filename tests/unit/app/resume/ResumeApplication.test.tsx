// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeptApplications } from '../../../../engine/plan/adapter.ts';
import { ApiFailure } from '../../../../src/api/apiClient.ts';
import { ResumeApplication } from '../../../../src/app/journey/resume/ResumeApplication.tsx';
import { RETRIEVE_DATA_PATH } from '../../../../src/app/journey/resume/resumeCalls.ts';
import { keptCapability } from '../../../../src/app/journey/resume/useAutoResume.ts';
import { fakeApi } from './fakeApi.ts';
import { precompiledPlan } from '../../../../tools/lib/precompiledPlans.ts';

const plan = await precompiledPlan('T54');
const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';
const QUOTE_ID = '6123456789';
const SAVED = { applicationNumber: QUOTE_ID, basicDetails: { policyHolder: { fullName: 'Ramesh Sharma' } } };

function keptWith(capabilities: Record<string, string>) {
  return {
    capabilityFor: vi.fn((_productId: string, number: string) => capabilities[number]),
    remember: vi.fn(),
  } satisfies KeptApplications;
}

function mount({
  search = '',
  session = {},
  kept = keptWith({}),
  answer = () => ({ status: '200', data: SAVED, capability: 'cap-new', version: 5 }) as unknown,
}: {
  search?: string;
  session?: Record<string, unknown>;
  kept?: ReturnType<typeof keptWith>;
  answer?: () => unknown;
}) {
  window.history.replaceState(null, '', `${JOURNEY}${search}#top`);
  const { api, calls } = fakeApi({ [RETRIEVE_DATA_PATH]: answer });
  const onResumed = vi.fn();
  render(
    <ResumeApplication
      plan={plan}
      session={session}
      label="Resume Application"
      kept={kept}
      onResumed={onResumed}
      api={api}
    />,
  );
  return { calls, onResumed, kept };
}

beforeEach(() => window.history.replaceState(null, '', JOURNEY));
afterEach(cleanup);

describe('keptCapability', () => {
  it('prefers this tab’s capability for its own application, then the device’s kept one', () => {
    const kept = keptWith({ [QUOTE_ID]: 'cap-device' });
    expect(
      keptCapability(QUOTE_ID, 'T54', { applicationNumber: QUOTE_ID, capability: 'cap-tab' }, kept),
    ).toBe('cap-tab');
    expect(keptCapability(QUOTE_ID, 'T54', { applicationNumber: '7000000000', capability: 'x' }, kept)).toBe(
      'cap-device',
    );
    expect(kept.capabilityFor).toHaveBeenCalledWith('T54', QUOTE_ID);
    expect(keptCapability('7000000000', 'T54', {}, kept)).toBeUndefined();
    expect(keptCapability(QUOTE_ID, 'T54', {}, undefined)).toBeUndefined();
  });
});

describe('ResumeApplication', () => {
  it('opens the Welcome Back! dialog from the header button', async () => {
    mount({});
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resume Application' }));
    // Its code and its validators load as it first opens: the loader, then the dialog.
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeTruthy();
  });

  it('resumes ?applicationNo= on load with this tab’s capability, remembers it, and drops the parameter', async () => {
    const { calls, onResumed, kept } = mount({
      search: `?utm_source=mail&applicationNo=${QUOTE_ID}`,
      session: { applicationNumber: QUOTE_ID, capability: 'cap-tab' },
    });
    await waitFor(() => expect(onResumed).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ applicationNumber: QUOTE_ID, retrieve: 'appnumber', productId: 'T54' });
    expect(calls[0]!.options?.capability).toBe('cap-tab');
    expect(onResumed).toHaveBeenCalledWith(SAVED, { capability: 'cap-new', version: 5 });
    expect(kept.remember).toHaveBeenCalledWith('T54', SAVED, 'cap-new');
    expect(window.location.search).toBe('?utm_source=mail');
    expect(window.location.hash).toBe('#top');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resumes with the capability the device kept (previous quotes)', async () => {
    const { calls, onResumed } = mount({
      search: `?applicationNo=${QUOTE_ID}`,
      kept: keptWith({ [QUOTE_ID]: 'cap-device' }),
    });
    await waitFor(() => expect(onResumed).toHaveBeenCalledTimes(1));
    expect(calls[0]!.options?.capability).toBe('cap-device');
    expect(window.location.search).toBe('');
  });

  it('resumes a resume link (?applicationNo=…&resumeKey=…) on a new device, and drops both parameters', async () => {
    const { calls, onResumed, kept } = mount({
      search: `?applicationNo=${QUOTE_ID}&resumeKey=cap-link`,
      kept: keptWith({}),
    });
    await waitFor(() => expect(onResumed).toHaveBeenCalledTimes(1));
    expect(calls[0]!.options?.capability).toBe('cap-link');
    expect(kept.remember).toHaveBeenCalledWith('T54', SAVED, 'cap-new');
    expect(window.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without a kept capability asks for proof: the appnumber choice with the Quote ID filled in', async () => {
    const { calls } = mount({ search: `?applicationNo=${QUOTE_ID}` });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back!' });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Email, Quote ID and application number' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByLabelText(/^Quote ID/)).toHaveProperty('value', QUOTE_ID);
    expect(calls).toEqual([]);
    expect(window.location.search).toBe('');
  });

  it('asks for proof when a kept capability no longer opens the application', async () => {
    const { onResumed } = mount({
      search: `?applicationNo=${QUOTE_ID}`,
      kept: keptWith({ [QUOTE_ID]: 'cap-stale' }),
      answer: () => {
        throw new ApiFailure('Please enter valid application number', 404);
      },
    });
    await screen.findByRole('dialog', { name: 'Welcome Back!' });
    expect(screen.getByLabelText(/^Quote ID/)).toHaveProperty('value', QUOTE_ID);
    expect(document.querySelector('.bf-resume__message')).toBeNull();
    expect(onResumed).not.toHaveBeenCalled();
  });

  it('says why when the server refuses the application itself', async () => {
    mount({
      search: `?applicationNo=${QUOTE_ID}`,
      kept: keptWith({ [QUOTE_ID]: 'cap-kept' }),
      answer: () => {
        throw new ApiFailure('The Application Number has expired. Please start a new application.', 410);
      },
    });
    await screen.findByRole('dialog', { name: 'Welcome Back!' });
    expect(document.querySelector('.bf-resume__message')?.textContent).toBe(
      'The Application Number has expired. Please start a new application.',
    );
  });

  it('opens the dialog without a Quote ID for a parameter that is not one', async () => {
    const { calls } = mount({ search: '?applicationNo=12345', kept: keptWith({ '12345': 'cap' }) });
    await screen.findByRole('dialog', { name: 'Welcome Back!' });
    expect(screen.getByLabelText(/^Quote ID/)).toHaveProperty('value', '');
    expect(calls).toEqual([]);
  });

  it('does nothing on load without the parameter', async () => {
    const { calls, onResumed } = mount({ session: { applicationNumber: QUOTE_ID, capability: 'cap' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(onResumed).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
