// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, subYears } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../../src/api/apiClient.ts';
import { ResumeDialog } from '../../../../src/app/journey/resume/ResumeDialog.tsx';
import { RETRIEVE_DATA_PATH, RETRIEVE_PATH } from '../../../../src/app/journey/resume/resumeCalls.ts';
import { fakeApi } from './fakeApi.ts';
import { precompiledPlan } from '../../../../tools/lib/precompiledPlans.ts';

afterEach(cleanup);

const plan = await precompiledPlan('T54');
const popup = plan.popups.resume!;
const DOB = subYears(new Date(), 60);
const RESUMED = { status: '200', data: { applicationNumber: '6123456789' }, capability: 'cap-1', version: 4 };
const FOUND = {
  status: '200',
  mobileNumber: '98XXXXXX10',
  applciations: [
    { ProdcutId: 'T54', ApplicationNumber: '6123456789', Datetime: '02/03/2025 10:15' },
    { ProdcutId: 'T54', ApplicationNumber: '7234567890', Datetime: '01/03/2025 18:40' },
  ],
};

function open(handlers: Parameters<typeof fakeApi>[0], initialData?: Record<string, unknown>) {
  const { api, calls } = fakeApi(handlers);
  const onResumed = vi.fn();
  const onResumedElsewhere = vi.fn();
  const onClose = vi.fn();
  const { unmount } = render(
    <ResumeDialog
      popup={popup}
      productId="T54"
      api={api}
      initialData={initialData}
      onResumed={onResumed}
      onResumedElsewhere={onResumedElsewhere}
      onClose={onClose}
    />,
  );
  return { user: userEvent.setup(), calls, onResumed, onResumedElsewhere, onClose, unmount };
}

const proceed = () => screen.getByRole('button', { name: 'Proceed' });

/** The dialog's own message (role alert, beside the fields' error slots). */
async function message() {
  await waitFor(() => expect(document.querySelector('.bf-resume__message')).not.toBeNull());
  const alert = document.querySelector('.bf-resume__message')!;
  expect(alert.getAttribute('role')).toBe('alert');
  return alert.textContent;
}

async function fillMobdob(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Mobile Number/), '9812345610');
  await user.type(screen.getByLabelText(/Date of Birth/), format(DOB, 'ddMMyyyy'));
}

async function chooseAppnumber(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Email, Quote ID and application number' }));
  await user.type(await screen.findByLabelText(/Email ID/), 'ramesh.sharma@gmail.com');
  await user.type(screen.getByLabelText(/^Quote ID/), '6123456789');
  await user.type(screen.getByLabelText(/Application Number/), 't5400000001');
}

describe('ResumeDialog', () => {
  it('is the Welcome Back! dialog and makes no call while the form is invalid', async () => {
    const { user, calls } = open({});
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mobile number and date of birth' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(proceed());
    expect(await screen.findByText('Mobile Number cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Date of Birth cannot be empty.')).toBeTruthy();
    await user.type(screen.getByLabelText(/Date of Birth/), format(subYears(new Date(), 44), 'ddMMyyyy'));
    await user.click(proceed());
    expect(await screen.findByText('Age should be between 45 to 80')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Email, Quote ID and application number' }));
    await user.click(proceed());
    expect(await screen.findByText('Email ID cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Quote ID cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Application Number cannot be empty.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('resumes by email, Quote ID and the application number, uppercased as typed', async () => {
    const { user, calls, onResumed } = open({ [RETRIEVE_DATA_PATH]: () => RESUMED });
    await chooseAppnumber(user);
    expect(screen.getByLabelText(/Application Number/)).toHaveProperty('value', 'T5400000001');
    await user.click(proceed());
    await waitFor(() => expect(onResumed).toHaveBeenCalledTimes(1));
    expect(calls[0]!.body).toEqual({
      applicationNumber: 'T5400000001',
      quoteId: '6123456789',
      emailId: 'ramesh.sharma@gmail.com',
      retrieve: 'appnumber',
      productId: 'T54',
    });
    expect(onResumed.mock.calls[0]![0]).toEqual({
      saved: RESUMED.data,
      access: { capability: 'cap-1', version: 4 },
    });
  });

  it('shows the server’s refusal in the dialog, and the fallback for an unexpected failure', async () => {
    let failure = new ApiFailure('This application is already submitted.', 409);
    const { user, onResumed } = open({
      [RETRIEVE_DATA_PATH]: () => {
        throw failure;
      },
    });
    await chooseAppnumber(user);
    await user.click(proceed());
    expect(await message()).toBe('This application is already submitted.');
    failure = new ApiFailure('Something went wrong', 500);
    await user.click(proceed());
    await waitFor(async () => expect(await message()).toBe('Please enter valid application number'));
    expect(onResumed).not.toHaveBeenCalled();
  });

  it('shows busy progress during the call and the server’s message on too many attempts', async () => {
    let release: () => void = () => undefined;
    const { user } = open({
      [RETRIEVE_PATH]: () =>
        new Promise((_, reject) => {
          release = () => reject(new ApiFailure('Too many attempts. Please try again after some time.', 429));
        }),
    });
    await fillMobdob(user);
    await user.click(proceed());
    await waitFor(() => expect(proceed().getAttribute('aria-busy')).toBe('true'));
    expect(proceed()).toHaveProperty('disabled', true);
    expect(screen.getByText('Looking for your application…').getAttribute('role')).toBe('status');
    release();
    expect(await message()).toBe('Too many attempts. Please try again after some time.');
    expect(proceed()).toHaveProperty('disabled', false);
  });

  it('says "Please enter valid credential" when the mobile and date of birth match nothing', async () => {
    const { user, calls } = open({ [RETRIEVE_PATH]: () => ({ status: '200', applciations: [] }) });
    await fillMobdob(user);
    await user.click(proceed());
    expect(await message()).toBe('Please enter valid credential');
    expect(calls[0]!.body).toEqual({
      mobileNumber: '9812345610',
      dateOfBirth: format(DOB, 'yyyy-MM-dd'),
      contryCode: '91',
    });
  });

  it('lists what the mobile lookup found and resumes the one picked with the same proof', async () => {
    const { user, calls, onResumed } = open({
      [RETRIEVE_PATH]: () => FOUND,
      [RETRIEVE_DATA_PATH]: () => RESUMED,
    });
    await fillMobdob(user);
    await user.click(proceed());
    const newest = await screen.findByRole('radio', { name: /Quote ID 6123456789/ });
    expect(newest).toHaveProperty('checked', true);
    expect(screen.getByText(/We found 2 applications for mobile number 98XXXXXX10/)).toBeTruthy();
    const older = screen.getByRole('radio', {
      name: 'Product ID T54 Quote ID 7234567890 Date 01/03/2025 18:40',
    });
    await user.click(older);
    await user.click(proceed());
    await waitFor(() => expect(onResumed).toHaveBeenCalledTimes(1));
    expect(calls[1]!.body).toEqual({
      applicationNumber: '7234567890',
      mobileNumber: '9812345610',
      dateOfBirth: format(DOB, 'yyyy-MM-dd'),
      retrieve: 'mobdob',
      productId: 'T54',
    });
  });

  it("lists every plan's applications under the mobile, this plan's first, and hands another plan's to its page", async () => {
    const { user, calls, onResumed, onResumedElsewhere } = open({
      [RETRIEVE_PATH]: () => ({
        ...FOUND,
        applciations: [
          { ProdcutId: 'T64', ApplicationNumber: '8345678901', Datetime: '03/03/2025 09:05' },
          ...FOUND.applciations,
        ],
      }),
      [RETRIEVE_DATA_PATH]: () => RESUMED,
    });
    await fillMobdob(user);
    await user.click(proceed());
    const rows = await screen.findAllByRole('radio');
    expect(
      rows.map((row) => row.getAttribute('aria-label') ?? row.closest('label')?.textContent),
    ).toHaveLength(3);
    expect(screen.getAllByRole('radio')[0]).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /Product ID T64 Quote ID 8345678901/ })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Product ID T64 Quote ID 8345678901/ }));
    await user.click(proceed());
    await waitFor(() => expect(onResumedElsewhere).toHaveBeenCalledTimes(1));
    expect(onResumed).not.toHaveBeenCalled();
    expect(onResumedElsewhere.mock.calls[0]![0]).toBe('T64');
    // The application is fetched as the other plan's, with the same proof.
    expect(calls[1]!.body).toMatchObject({
      applicationNumber: '8345678901',
      retrieve: 'mobdob',
      productId: 'T64',
    });
  });

  it('goes back from the list to the lookup with what was typed', async () => {
    const { user } = open({ [RETRIEVE_PATH]: () => FOUND });
    await fillMobdob(user);
    await user.click(proceed());
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/Mobile Number/)).toHaveProperty('value', '9812345610');
  });

  it('does not resume an application the visitor closed the dialog on while it was being fetched', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { user, onResumed, unmount } = open({
      [RETRIEVE_DATA_PATH]: () => new Promise((resolve) => (answer = resolve)),
    });
    await chooseAppnumber(user);
    await user.click(proceed());
    await waitFor(() => expect(proceed().getAttribute('aria-busy')).toBe('true'));
    unmount();
    answer(RESUMED);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onResumed).not.toHaveBeenCalled();
  });

  it('opens on the choice it is given, and closes with Escape or Cancel', async () => {
    const { user, onClose } = open({}, { retrieve: 'appnumber', quoteId: '6123456789' });
    expect(screen.getByLabelText(/^Quote ID/)).toHaveProperty('value', '6123456789');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
