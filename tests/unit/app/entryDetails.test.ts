import { describe, expect, it } from 'vitest';
import { decodeEntryDetails, plainFields } from '../../../src/app/journey/entryDetails.ts';
import { openBrowser, sealBrowser } from '../../../src/shared/envelope/browserEnvelope.ts';

const PASSWORD = 'bimaflow-envelope-v1';
const open = (text: string) => openBrowser(PASSWORD, text);
const holder = {
  fullName: 'Asha Rao',
  dateOfBirth: '01/01/1970',
  mobileNumber: '9876543210',
  gender: 'Female',
};
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('entry link details (spec 02 §2.1)', () => {
  it('reads base64url JSON, including non-ASCII names', () => {
    expect(decodeEntryDetails(base64url(holder), open)).toEqual(holder);
    expect(decodeEntryDetails(base64url({ fullName: 'Zoë Dsouza' }), open)).toEqual({
      fullName: 'Zoë Dsouza',
    });
  });

  it('reads details sealed with the envelope', () => {
    expect(decodeEntryDetails(sealBrowser(PASSWORD, holder), open)).toEqual(holder);
  });

  it('ignores what is neither, and anything that is not an object', () => {
    expect(decodeEntryDetails(null, open)).toBeUndefined();
    expect(decodeEntryDetails('not encoded at all!', open)).toBeUndefined();
    expect(decodeEntryDetails(base64url([1, 2]), open)).toBeUndefined();
    expect(decodeEntryDetails(base64url('text'), open)).toBeUndefined();
  });

  it('keeps plain fields only and turns dd/mm/yyyy dates into the wire format', () => {
    expect(
      plainFields({ ...holder, nested: { a: 1 }, list: [1], whatsappDisclaimer: true, age: 56 }),
    ).toEqual({
      fullName: 'Asha Rao',
      dateOfBirth: '1970-01-01',
      mobileNumber: '9876543210',
      gender: 'Female',
      whatsappDisclaimer: true,
      age: 56,
    });
  });
});
