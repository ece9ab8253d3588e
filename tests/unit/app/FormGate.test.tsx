// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadedStep } from '../../../engine/plan/types.ts';
import { formNeeded, useLoaded } from '../../../engine/form/useFormReady.ts';
import { FormGate } from '../../../src/app/journey/FormGate.tsx';

/** A form behind its gate, as the journey puts it. */
function Gated({ form }: { form: LoadedStep }) {
  return <FormGate readiness={useLoaded(formNeeded(form))}>{() => <p>the form</p>}</FormGate>;
}

/*
 * A form whose validators a phone loads after the first step (engine/form/useFormReady.ts):
 * FormGate shows the loader until they are there, the form once they are, and a clear
 * message with 'Try again' when the download fails.
 */

interface Download {
  resolve(): void;
  reject(): void;
}

/** A later form whose validators arrive when the test says so. */
function laterForm() {
  let loaded = false;
  const downloads: Download[] = [];
  const form = {
    id: 'plan-details',
    validatorLoaded: () => loaded,
    loadValidator: () =>
      new Promise<void>((resolve, reject) => {
        downloads.push({
          resolve: () => {
            loaded = true;
            resolve();
          },
          reject: () => reject(new Error('Failed to fetch dynamically imported module')),
        });
      }),
  } as unknown as LoadedStep;
  return { form, downloads };
}

afterEach(cleanup);

describe('FormGate', () => {
  it('shows a ready form at once, asking for nothing', () => {
    const form = { validatorLoaded: () => true, loadValidator: () => Promise.reject(new Error('no')) };
    render(<Gated form={form as unknown as LoadedStep} />);
    expect(screen.getByText('the form')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits under the loader, then shows the form once its validators arrive', async () => {
    const { form, downloads } = laterForm();
    render(<Gated form={form} />);
    expect(screen.getByRole('status').textContent).toContain('Please wait');
    expect(screen.queryByText('the form')).toBeNull();
    expect(downloads).toHaveLength(1);
    await act(async () => downloads[0]!.resolve());
    expect(screen.getByText('the form')).toBeTruthy();
  });

  it('says so when the download fails, and tries again on request', async () => {
    const { form, downloads } = laterForm();
    render(<Gated form={form} />);
    await act(async () => downloads[0]!.reject());
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not load this form. Please check your connection and try again.Try again',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(downloads).toHaveLength(2);
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => downloads[1]!.resolve());
    expect(screen.getByText('the form')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
