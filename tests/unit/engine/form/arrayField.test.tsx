// @vitest-environment jsdom
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { laterComponent } from '../../../../engine/form/laterComponent.tsx';
import { widgets } from '../../../../widgets/registry.ts';
import { proposalTemplates as templates } from '../../../../widgets/proposal/registry.ts';

/*
 * Issue 21: RJSF's list field is not in the form runtime a phone downloads first (no first
 * screen holds a list); it comes with the later forms. A list drawn before it is here says
 * the wait, then draws itself — nothing breaks.
 */

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    nominees: {
      type: 'array',
      title: 'Nominees',
      items: {
        type: 'object',
        title: 'Nominee',
        properties: { fullName: { type: 'string', title: 'Full name' } },
      },
    },
  },
};

describe('the list field, before the later forms are loaded', () => {
  it('says the wait, then draws the list', async () => {
    render(
      <Form
        schema={schema}
        formData={{ nominees: [{ fullName: 'Asha Rao' }] }}
        validator={validator}
        widgets={widgets}
        templates={templates}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByDisplayValue('Asha Rao')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a later component whose code cannot come', () => {
  it('says so with a retry instead of breaking the form, and draws itself once the retry succeeds', async () => {
    let fail = true;
    const later = laterComponent<{ label: string }>(
      () =>
        fail
          ? Promise.reject(new Error('offline'))
          : Promise.resolve({ default: ({ label }: { label: string }) => <span>{label}</span> }),
      'Probe',
    );
    render(<later.Component label="Drawn" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Drawn')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
