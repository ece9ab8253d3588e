// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { renderForm } from './formHarness.tsx';

const occupation: RJSFSchema = {
  type: 'string',
  title: 'Occupation',
  oneOf: [
    { const: 'SALR', title: 'Salaried' },
    { const: 'PROF', title: 'Professional' },
    { const: 'SELF', title: 'Self Employed' },
    { const: 'BUSI', title: 'Business' },
    { const: 'RETD', title: 'Retired' },
    { const: 'AGRI', title: 'Agriculturist' },
    { const: 'OTHR', title: 'Others' },
  ],
};

const required: RJSFSchema = { type: 'object', required: ['occupation'], properties: { occupation } };
const optional: RJSFSchema = { type: 'object', properties: { occupation } };
const uiSchema = { occupation: { 'ui:widget': 'SelectWidget', 'ui:enumDisabled': ['BUSI'] } };

describe('SelectWidget', () => {
  it('opens a listbox with a click and picks an option', async () => {
    const { user, lastData } = renderForm({ schema: required, uiSchema });
    const control = screen.getByRole('combobox', { name: /Occupation/ });
    expect(control.textContent).toBe('Select');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(control);
    expect(control.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(7);
    await user.click(screen.getByRole('option', { name: 'Retired' }));
    expect(lastData().occupation).toBe('RETD');
    expect(control.textContent).toBe('Retired');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is keyboard usable: arrows skip disabled options, Enter chooses, Escape closes', async () => {
    const { user, lastData } = renderForm({ schema: required, uiSchema });
    const control = screen.getByRole('combobox', { name: /Occupation/ });
    control.focus();
    await user.keyboard('{ArrowDown}');
    const active = () => document.getElementById(control.getAttribute('aria-activedescendant')!)?.textContent;
    expect(active()).toBe('Salaried');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Retired');
    await user.keyboard('{End}');
    expect(active()).toBe('Others');
    await user.keyboard('{Home}{Enter}');
    expect(lastData().occupation).toBe('SALR');
    await user.keyboard('{ArrowDown}');
    expect(control.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(control.getAttribute('aria-expanded')).toBe('false');
    expect(lastData().occupation).toBe('SALR');
  });

  it('jumps by typed letters', async () => {
    const { user, lastData } = renderForm({ schema: required, uiSchema });
    const control = screen.getByRole('combobox', { name: /Occupation/ });
    control.focus();
    await user.keyboard('ag');
    await user.keyboard('{Enter}');
    expect(lastData().occupation).toBe('AGRI');
  });

  it('offers "Select" to clear an optional field', async () => {
    const { user, lastData } = renderForm({ schema: optional, uiSchema, formData: { occupation: 'PROF' } });
    const control = screen.getByRole('combobox', { name: /Occupation/ });
    expect(control.textContent).toBe('Professional');
    await user.click(control);
    expect(screen.getByRole('option', { name: 'Professional' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('option', { name: 'Select' }));
    expect(lastData().occupation).toBeUndefined();
  });

  it('caps the menu at 150px and the control at 40px in the stylesheet', () => {
    const css = readFileSync(
      fileURLToPath(import.meta.url).replace(/tests\/unit\/widgets\/.*$/, 'widgets/widgets.css'),
      'utf8',
    );
    expect(css).toMatch(/\.bf-menu \{[^}]*max-height: 150px;[^}]*overflow-y: auto;/);
    expect(css).toMatch(/@media \(min-width: 600px\) \{\s*:root \{\s*--bf-control-height: 40px;/);
    expect(css).toMatch(/\.bf-select__control \{[^}]*height: var\(--bf-control-height\);/);
  });
});
