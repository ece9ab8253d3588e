import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SCHEMAS_ROOT } from '../../../plans/nodePlanSource.ts';
import { commonPattern } from '../../lib/commonPattern.ts';
import { choice, object, optionalText, text, type JsonSchema } from '../../lib/specSchema.ts';

/* Talk to Expert (spec 02 §2.9, §4.8, §5.6) in the spec's words. */

export const NAME_MESSAGE = 'Please enter valid Name';
export const DATE_MESSAGE = 'Please Enter Current or Future Date';
export const DATE_REQUIRED_MESSAGE = 'Pick a Date cannot be empty.';
export const SLOT_REQUIRED_MESSAGE = 'Time Slot cannot be empty.';
/** Not in the spec, which only disables past slots (§3.8); a caller that sends one anyway gets this. */
export const SLOT_PAST_MESSAGE = 'This time slot is over. Please pick a later slot.';
/** spec 02 §2.9, the Thanks popup's title, as the journey shows it (schemas/common/content.json `help`). */
export const THANKS_MESSAGE: string = (
  JSON.parse(readFileSync(join(DEFAULT_SCHEMAS_ROOT, 'common', 'content.json'), 'utf8')) as {
    help: { thanksTitle: string };
  }
).help.thanksTitle;

const date = (): JsonSchema => text('Pick a Date', { format: 'date' }, DATE_MESSAGE);

export function callbackBody(): JsonSchema {
  return object(
    {
      fullName: text(
        'Name',
        { minLength: 2, maxLength: 50, pattern: commonPattern('fullName') },
        NAME_MESSAGE,
      ),
      mobileNumber: text('Mobile Number', { pattern: commonPattern('indianMobileNumber') }),
      gender: choice('Gender', ['Male', 'Female', 'Other']),
      mode: {
        ...choice('Call', ['now', 'slot'], "Please choose 'Book a Call Now' or 'Pick a time slot'."),
        description:
          "'now' for Book a Call Now, 'slot' for Pick a time slot (then date and slotId are needed).",
      },
      date: date(),
      slotId: {
        type: 'integer',
        title: 'Time Slot',
        minimum: 1,
        maximum: 5,
        errorMessage: 'Please enter valid time slot.',
      },
      applicationNumber: optionalText('Application Number', { pattern: '^[A-Za-z0-9]{1,11}$' }),
      productId: optionalText('Product Id', { pattern: '^[A-Za-z0-9]{1,10}$' }),
      step: {
        ...optionalText('Step', { maxLength: 80, pattern: '^[a-z0-9][a-z0-9/?=-]*$' }),
        description:
          "The step the visitor was on (a journey step id or a proposal route, e.g. 'plan-details').",
      },
    },
    ['fullName', 'mobileNumber', 'gender', 'mode'],
  );
}

export function slotsQuery(): JsonSchema {
  return object({ date: date() }, ['date'], { date: DATE_REQUIRED_MESSAGE });
}

/* The answers, before sealing. */

export const BOOKING_ANSWER: JsonSchema = {
  type: 'object',
  required: ['status', 'leadId', 'message'],
  additionalProperties: false,
  properties: {
    status: { const: '200' },
    leadId: { type: 'string', pattern: '^LD[0-9]{10}$' },
    message: { const: THANKS_MESSAGE },
  },
};

export const SLOTS_ANSWER: JsonSchema = {
  type: 'object',
  required: ['status', 'date', 'slots'],
  additionalProperties: false,
  properties: {
    status: { const: '200' },
    date: { type: 'string', format: 'date' },
    slots: {
      type: 'array',
      minItems: 5,
      maxItems: 5,
      items: {
        type: 'object',
        required: ['id', 'label', 'available'],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, label: { type: 'string' }, available: { type: 'boolean' } },
      },
    },
  },
};
