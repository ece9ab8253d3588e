import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FieldAction } from './fieldActions.ts';

/*
 * Carries out a form's field actions in real Chromium the way a visitor does: types
 * character by character, clicks a card's title, opens a dropdown and picks the option by
 * the words on it, ticks a consent by its label and checkbox cards by their titles. Fields are found by the id RJSF gives
 * them (`step-<form>_<path>`), so one field of two with the same label cannot be mistaken.
 */

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

async function typeInto(scope: Page | Locator, id: string, text: string, emails = false) {
  const input = scope.locator(`input[id="${id}"]`);
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
        .poll(() => scope.locator(`input[id="${action.id}"]`).inputValue(), { timeout: 10_000 })
        .toBe(action.text);
  }
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
  const prefix = `step-${formId}`;
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
  `step-${formId}${field ? `_${field.split('.').join('_')}` : ''}__error`;
