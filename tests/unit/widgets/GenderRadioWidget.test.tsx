// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import enums from '../../../schemas/common/enums.schema.json';
import { renderForm } from './formHarness.tsx';

const schema = {
  type: 'object',
  required: ['gender'],
  properties: { gender: { ...enums.$defs.gender, title: 'Gender' } },
} as RJSFSchema;

describe('GenderRadioWidget', () => {
  it('offers Male, Female and Other with an inline icon each, and emits the choice', async () => {
    const { user, lastData } = renderForm({
      schema,
      uiSchema: { gender: { 'ui:widget': 'GenderRadioWidget' } },
    });
    const group = screen.getByRole('radiogroup', { name: /Gender/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('id'))).toEqual([
      'root_gender-0',
      'root_gender-1',
      'root_gender-2',
    ]);
    expect(radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Male',
      'Female',
      'Other',
    ]);
    expect(group.querySelectorAll('svg.bf-gender-icon')).toHaveLength(3);
    await user.click(within(group).getByText('Female'));
    expect(lastData().gender).toBe('Female');
    await user.click(within(group).getByText('Other'));
    expect(lastData().gender).toBe('Other');
    expect(within(group).getByRole('radio', { name: 'Female' })).toHaveProperty('checked', false);
  });

  it('uses image URLs from ui:options.images instead of the icons', () => {
    renderForm({
      schema,
      uiSchema: {
        gender: { 'ui:widget': 'GenderRadioWidget', 'ui:options': { images: { Male: '/img/m.png' } } },
      },
    });
    const group = screen.getByRole('radiogroup', { name: /Gender/ });
    expect(group.querySelector('img')!.getAttribute('src')).toBe('/img/m.png');
    expect(group.querySelectorAll('svg.bf-gender-icon')).toHaveLength(2);
  });
});
