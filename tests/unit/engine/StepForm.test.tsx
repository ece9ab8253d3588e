// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type Ajv from 'ajv';
import { StepForm, type StepData } from '../../../engine/form/StepForm.tsx';
import type { LoadedStep } from '../../../engine/plan/types.ts';
import { createFormValidator } from '../../../engine/validation/createFormValidator.ts';
import { templates, widgets } from '../../../widgets/registry.ts';
import { precompiledPlan } from '../../../tools/lib/precompiledPlans.ts';

afterEach(cleanup);

const plan = await precompiledPlan('T54');
const step = plan.steps['basic-details']!;

function Host({
  step,
  onSubmit,
  validator,
}: {
  step: LoadedStep;
  onSubmit: (data: StepData) => void;
  validator: ReturnType<typeof createFormValidator>;
}) {
  const [data, setData] = useState<StepData>({ policyHolder: {} });
  return (
    <StepForm
      step={step}
      formData={data}
      validator={validator}
      widgets={widgets}
      templates={templates}
      onChange={setData}
      onSubmit={onSubmit}
    />
  );
}

function setup() {
  const validator = createFormValidator();
  const ajv = (validator as unknown as { ajv: Ajv }).ajv;
  const compile = vi.spyOn(ajv, 'compile');
  const addSchema = vi.spyOn(ajv, 'addSchema');
  const onSubmit = vi.fn();
  render(<Host step={step} onSubmit={onSubmit} validator={validator} />);
  return {
    user: userEvent.setup(),
    onSubmit,
    compiles: () => compile.mock.calls.length + addSchema.mock.calls.length,
  };
}

describe('StepForm', () => {
  it('gates submit on validity, shows the spec messages and focuses the first invalid field', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Full Name cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Please accept all disclaimers')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('step-basic-details_policyHolder_fullName'));
  });

  it('submits valid data once every field is right', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/Full Name/), 'Asha Rani');
    await user.type(screen.getByLabelText(/Date of Birth/), '01011970');
    await user.type(screen.getByLabelText(/Mobile Number/), '9876543210');
    await user.type(screen.getByLabelText(/Email ID/), 'asha@gmail.com');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('checkbox', { name: /I authorise/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].policyHolder).toMatchObject({
      fullName: 'Asha Rani',
      dateOfBirth: '1970-01-01',
      countryCode: '91',
      mobileNumber: '9876543210',
      gender: 'Female',
      disclamer1: true,
      // The optional consents stay unticked until the visitor ticks them.
      whatsappDisclaimer: false,
      marketingConsent: false,
    });
  });

  it('compiles nothing per keystroke once the step has been validated', async () => {
    const { user, compiles } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText(/Full Name/), 'R');
    const warm = compiles();
    await user.type(screen.getByLabelText(/Full Name/), 'amesh Kumar');
    await user.type(screen.getByLabelText(/Mobile Number/), '98765');
    expect(compiles()).toBe(warm);
  });
});
