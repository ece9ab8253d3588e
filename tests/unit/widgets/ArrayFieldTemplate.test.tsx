// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { formValidator } from '../../../engine/validation/createFormValidator.ts';
import { localizeErrors } from '../../../engine/validation/localizeErrors.ts';
import { addLabel, itemNoun, singularTitle } from '../../../widgets/proposal/arrayItemNames.ts';
import { renderForm } from './formHarness.tsx';

/* The nominees of the proposal (schemas/common/steps/proposal/nominees.schema.json), cut down. */
const schema: RJSFSchema = {
  type: 'object',
  required: ['nominees'],
  properties: {
    nominees: {
      type: 'array',
      title: 'Nominees',
      minItems: 1,
      maxItems: 3,
      items: { $ref: '#/$defs/nominee' },
      itemsTotal: { property: 'share', total: 100 },
      errorMessage: {
        minItems: 'Please add at least one nominee',
        itemsTotal: 'Nominee shares must add up to 100% (now {total}%)',
      },
    } as RJSFSchema,
  },
  $defs: {
    nominee: {
      type: 'object',
      required: ['fullName', 'share'],
      properties: {
        fullName: { type: 'string', title: 'Full name' },
        share: { type: 'integer', title: 'Share' },
      },
    },
  },
};
const uiSchema: UiSchema = {
  nominees: {
    'ui:options': { orderable: false, addable: true, removable: true },
    items: { fullName: { 'ui:widget': 'TextWidget' }, share: { 'ui:widget': 'TextWidget' } },
  },
};

const headings = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

function renderNominees(nominees: unknown[]) {
  const validator = formValidator();
  const formData = { nominees };
  const view = renderForm({
    schema,
    uiSchema,
    formData,
    formValidator: validator,
    transformErrors: (errors: RJSFValidationError[]) =>
      localizeErrors(errors, { validator, schema, formData, uiSchema }),
  });
  return view;
}

describe('ArrayFieldTemplate', () => {
  it('draws each item as a card named after the list, under the list’s title', () => {
    renderNominees([
      { fullName: 'Asha Rao', share: 60 },
      { fullName: 'Ravi Rao', share: 40 },
    ]);
    const list = screen.getByRole('group', { name: 'Nominees' });
    expect(list.tagName).toBe('FIELDSET');
    expect(headings()).toEqual(['Nominee 1', 'Nominee 2']);
    const second = screen.getByRole('group', { name: 'Nominee 2' });
    expect(second.classList).toContain('bf-array-item');
    expect(within(second).getByLabelText(/Full name/)).toHaveProperty('value', 'Ravi Rao');
    // Not orderable: no move buttons.
    expect(screen.queryByRole('button', { name: /^Move|up$|down$/i })).toBeNull();
  });

  it('adds a card with "Add another nominee" and moves the focus to it; hides Add at maxItems', async () => {
    const { user, lastData } = renderNominees([{ fullName: 'Asha Rao', share: 100 }]);
    const add = screen.getByRole('button', { name: 'Add another nominee' });
    expect(add.getAttribute('type')).toBe('button');
    await user.click(add);
    expect(headings()).toEqual(['Nominee 1', 'Nominee 2']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Nominee 2' }));
    expect((lastData().nominees as unknown[]).length).toBe(2);
    expect(screen.getByText('Nominee 2 added').getAttribute('aria-live')).toBe('polite');
    await user.click(screen.getByRole('button', { name: 'Add another nominee' }));
    expect(headings()).toEqual(['Nominee 1', 'Nominee 2', 'Nominee 3']);
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });

  it('offers Remove, named after the card, only while more than minItems remain', async () => {
    const { user, lastData } = renderNominees([
      { fullName: 'Asha Rao', share: 50 },
      { fullName: 'Ravi Rao', share: 50 },
    ]);
    const remove = screen.getByRole('button', { name: 'Remove Nominee 2' });
    expect(remove.getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Remove Nominee 1' })).toBeTruthy();
    await user.click(remove);
    expect(headings()).toEqual(['Nominee 1']);
    expect(lastData().nominees).toEqual([{ fullName: 'Asha Rao', share: 50 }]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Nominee 1' }));
    expect(screen.getByText('Nominee 2 removed')).toBeTruthy();
    // One nominee is the least the schema allows: no Remove.
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('shows the list’s own error under it in an alert the list is described by', () => {
    const { form } = renderNominees([{ fullName: 'Asha Rao', share: 90 }]);
    act(() => {
      form.current!.validateForm();
    });
    const list = screen.getByRole('group', { name: 'Nominees' });
    const error = document.getElementById(list.getAttribute('aria-describedby')!)!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('Nominee shares must add up to 100% (now 90%)');
    // Under the list: after its cards and its Add button.
    expect(list.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says an empty list needs an item', () => {
    const { form } = renderNominees([]);
    act(() => {
      form.current!.validateForm();
    });
    expect(screen.getByRole('button', { name: 'Add nominee' })).toBeTruthy();
    expect(document.getElementById('root_nominees__error')!.textContent).toBe(
      'Please add at least one nominee',
    );
  });

  it('names the cards by the item schema’s title when it has one, without repeating it inside', () => {
    const titled: RJSFSchema = {
      type: 'object',
      properties: {
        countries: {
          type: 'array',
          title: 'Countries of tax residence',
          items: { type: 'object', title: 'Country', properties: { tin: { type: 'string', title: 'TIN' } } },
        },
      },
    };
    renderForm({ schema: titled, formData: { countries: [{ tin: 'A1' }] } });
    expect(headings()).toEqual(['Country 1']);
    expect(screen.queryByText('Country', { selector: 'legend' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Country 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add another country' })).toBeTruthy();
  });
});

describe('the names of a list’s items', () => {
  it('are the singular of the list’s title unless the item schema or ui:options.itemLabel names them', () => {
    expect(singularTitle('Nominees')).toBe('Nominee');
    expect(singularTitle('Your other policies')).toBe('Other policy');
    expect(singularTitle('Countries of tax residence')).toBe('Country of tax residence');
    expect(singularTitle('Addresses')).toBe('Address');
    expect(itemNoun(undefined, undefined, 'Nominees')).toBe('Nominee');
    expect(itemNoun(undefined, 'Policy', 'Your other policies')).toBe('Policy');
    expect(itemNoun('beneficiary', 'Policy', 'Your other policies')).toBe('Beneficiary');
    expect(itemNoun(undefined, undefined, undefined)).toBe('Item');
  });

  it('read naturally on the Add button', () => {
    expect(addLabel('Nominee', 1)).toBe('Add another nominee');
    expect(addLabel('Other policy', 2)).toBe('Add another policy');
    expect(addLabel('Country of tax residence', 0)).toBe('Add country of tax residence');
    expect(addLabel('TIN', 1)).toBe('Add another TIN');
  });
});
