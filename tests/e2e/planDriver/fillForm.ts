import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { JPEG, PDF, PNG } from '../../integration/api/documentFiles.ts';
import { formPrefix, type FieldAction } from './fieldActions.ts';

/*
 * Carries out a form's field actions in real Chromium the way a visitor does: types
 * character by character, clicks a card's title, opens a dropdown and picks the option by
 * the words on it, ticks a consent by its label and checkbox cards by their titles, adds a
 * list's cards with its Add button, and chooses a document's file. Fields are found by the id RJSF gives
 * them (`step-<form>_<path>`), so one field of two with the same label cannot be mistaken.
 */

/** A small real file of each document type the proposal takes (what its name says, by content). */
const DOCUMENT_BYTES: Readonly<Record<string, Buffer>> = {
  'application/pdf': PDF,
  'image/jpeg': JPEG,
  'image/png': PNG,
};

/** A text field or a text area (RJSF's `textarea` widget), by its id. */
const textField = (scope: Page | Locator, id: string) =>
  scope.locator(`input[id="${id}"], textarea[id="${id}"]`);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^${escaped(text)}$`);

async function typeInto(scope: Page | Locator, id: string, text: string, emails = false) {
  const input = textField(scope, id);
  await input.fill('');
  await input.pressSequentially(text);
  // The e-mail field offers domains after '@'; a visitor who typed the whole address dismisses them.
  if (emails && (await scope.locator(`[id="${id}__suggestions"]:not([hidden])`).count()) > 0) {
    await input.press('Escape');
  }
  // The visitor leaves the field before the next one: what it holds is handed to the form
  // now, so a message it brings (live validation after a submit) has moved the fields below
  // before the next click, not between that click's press and release.
  await input.blur();
}

/** Called with a name for what is open while a popup of a field (a dropdown's list) is on screen. */
export type WhileOpen = (what: string) => Promise<void>;

async function carryOut(scope: Page | Locator, action: FieldAction, whileOpen?: WhileOpen) {
  switch (action.kind) {
    case 'type':
      return typeInto(scope, action.id, action.text, action.emails);
    case 'date':
      return typeInto(scope, action.id, action.digits);
    case 'radio':
      return scope
        .locator(`fieldset[id="${action.id}"] .bf-radio-card__title`)
        .filter({ hasText: exactly(action.title) })
        .click();
    case 'select': {
      await scope.locator(`button[id="${action.id}"]`).click();
      const listbox = scope.locator(`[id="${action.id}__listbox"]`);
      if (whileOpen) {
        await listbox.waitFor();
        await whileOpen(`${action.id} list open`);
      }
      await listbox.getByRole('option', { name: action.title, exact: true }).click();
      return;
    }
    case 'check': {
      const box = scope.locator(`input[type="checkbox"][id="${action.id}"]`);
      if ((await box.isChecked()) !== action.checked)
        await scope.locator(`label[for="${action.id}"]`).click();
      return;
    }
    case 'checks': {
      // Exactly the titles named are ticked: each card is toggled by a click on it as needed.
      const group = scope.locator(`fieldset[id="${action.id}"]`);
      const cards = group.locator('.bf-check-card');
      await cards.first().waitFor();
      const offered = (await cards.locator('.bf-check-card__title').allTextContents()).map((t) => t.trim());
      const unknown = action.titles.filter((title) => !offered.includes(title));
      if (unknown.length) throw new Error(`no option ${unknown.join(', ')} among ${offered.join(', ')}`);
      for (const [index, title] of offered.entries()) {
        const card = cards.nth(index);
        const wanted = action.titles.includes(title);
        if ((await card.locator('input[type="checkbox"]').isChecked()) !== wanted) {
          await card.locator('.bf-check-card__title').click();
          await expect.poll(() => card.locator('input[type="checkbox"]').isChecked()).toBe(wanted);
        }
      }
      return;
    }
    case 'shows':
      await expect
        .poll(() => textField(scope, action.id).inputValue(), { timeout: 10_000 })
        .toBe(action.text);
      return;
    case 'list':
      return sizeList(scope, action.id, action.count);
    case 'upload':
      return uploadDocument(scope, action.id, action.name, action.type);
  }
}

/** A list's cards, made `count` by its Add button and the last cards' Remove. */
async function sizeList(scope: Page | Locator, id: string, count: number) {
  const list = scope.locator(`fieldset[id="${id}"]`);
  await list.waitFor();
  const cards = list.locator(':scope > .bf-array__items > .bf-array-item');
  for (let guard = 0; guard < 20; guard++) {
    const shown = await cards.count();
    if (shown === count) return;
    if (shown < count) {
      const add = list.locator(':scope > .bf-array__add');
      if (!(await add.count())) throw new Error(`the list shows ${shown} cards and no Add button`);
      await add.click();
    } else {
      await cards
        .nth(shown - 1)
        .locator('.bf-array-item__remove')
        .click();
    }
    await expect.poll(() => cards.count()).not.toBe(shown);
  }
  throw new Error(`the list did not come to ${count} cards`);
}

/**
 * Chooses a small real file of `type`, named `name`, in a document's file input; the upload is
 * done once the field names the file as kept, and fails with the message the field shows.
 */
async function uploadDocument(scope: Page | Locator, id: string, name: string, type: string) {
  const buffer = DOCUMENT_BYTES[type];
  if (!buffer) throw new Error(`no sample file of type ${type}`);
  await chooseFile(scope, id, { name, mimeType: type, buffer });
  const kept = scope.locator(`[id="${id}__file"]`);
  const refused = scope.locator(`[id="${id}__upload-error"]`);
  await expect
    .poll(
      async () => {
        const message = ((await refused.textContent()) ?? '').trim();
        if (message) return `refused: ${message}`;
        return (await kept.count()) ? ((await kept.textContent()) ?? '') : 'uploading';
      },
      { timeout: 30_000, message: `the upload of ${name}` },
    )
    .toMatch(new RegExp(`^${escaped(name)} · `));
}

/** A file as chosen in a document field's file input (what a visitor picks from the device). */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Puts a file into a document field's file input (`<id>__input`), which uploads it at once. */
export async function chooseFile(scope: Page | Locator, id: string, file: ChosenFile) {
  await scope.locator(`input[type="file"][id="${id}__input"]`).setInputFiles(file);
}

/**
 * Fills a form field by field; a field that fails names itself in the error. `whileOpen`,
 * when given, is called while each dropdown's list is open (an accessibility check).
 */
export async function fillForm(
  scope: Page | Locator,
  actions: FieldAction[],
  whileOpen?: WhileOpen,
): Promise<void> {
  for (const action of actions) {
    try {
      await carryOut(scope, action, whileOpen);
    } catch (error) {
      throw new Error(`filling ${action.id} (${action.kind}): ${(error as Error).message}`, { cause: error });
    }
  }
}

/** The error a form shows under one field, '' when none (RJSF's `<id>__error`). */
export async function fieldError(scope: Page | Locator, id: string): Promise<string> {
  const error = scope.locator(`[id="${id}__error"]`);
  return (await error.count()) ? ((await error.first().textContent()) ?? '').trim() : '';
}

/**
 * Every field message a form shows now, by the field's error element id (`<id>__error`, which
 * FieldTemplate draws under each field and each object); fields without a message left out.
 */
export async function shownErrors(scope: Page | Locator, formId: string): Promise<Record<string, string>> {
  const prefix = formPrefix(formId);
  const elements = scope.locator(`[id="${prefix}__error"], [id^="${prefix}_"][id$="__error"]`);
  const shown: Record<string, string> = {};
  for (const element of await elements.all()) {
    const text = ((await element.textContent()) ?? '').trim();
    if (text) shown[(await element.getAttribute('id'))!] = text;
  }
  return shown;
}

/** A form's error element id for a field's dotted path ('planDetails.policyTerm'). */
export const errorId = (formId: string, field: string) =>
  `${formPrefix(formId)}${field ? `_${field.split('.').join('_')}` : ''}__error`;
