// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  chosenFileProblem,
  claimedDocumentType,
  COMPRESS_ABOVE_BYTES,
  needsCompression,
  sendableFileProblem,
} from '../../../../src/journey/documents/documentFileChecks.ts';
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from '../../../../src/shared/documents/documentRules.ts';

const MB = 1024 * 1024;

/** A file of `size` bytes as a browser gives it (its bytes do not matter to these checks). */
const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('the type a chosen file claims', () => {
  it.each([
    ['aadhaar.pdf', 'application/pdf', 'application/pdf'],
    ['pan.JPG', 'image/jpeg', 'image/jpeg'],
    ['photo', 'image/jpg', 'image/jpeg'],
    ['passport.png', 'image/png', 'image/png'],
    // Phones that give no type, or a generic one: the extension says.
    ['scan.PDF', '', 'application/pdf'],
    ['IMG_0001.jpeg', 'application/octet-stream', 'image/jpeg'],
    ['screen.png', '', 'image/png'],
  ])('%s (%s) is %s', (name, type, claimed) => {
    expect(claimedDocumentType(file(name, type))).toBe(claimed);
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['photo.heic', 'image/heic'],
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    // A known type wins over the name: a text file named .pdf is text.
    ['address.pdf', 'text/plain'],
    ['archive', ''],
  ])('%s (%s) is none we keep', (name, type) => {
    expect(claimedDocumentType(file(name, type))).toBeUndefined();
    expect(chosenFileProblem(file(name, type))).toBe(DOCUMENT_MESSAGES.notADocument);
  });
});

describe('what is refused before sending', () => {
  it('an empty file', () => {
    expect(chosenFileProblem(file('blank.pdf', 'application/pdf', 0))).toBe(DOCUMENT_MESSAGES.empty);
  });

  it('a PDF over 5 MB, which is never compressed', () => {
    expect(chosenFileProblem(file('big.pdf', 'application/pdf', MAX_DOCUMENT_BYTES + 1))).toBe(
      DOCUMENT_MESSAGES.tooLarge,
    );
    expect(chosenFileProblem(file('max.pdf', 'application/pdf', MAX_DOCUMENT_BYTES))).toBeUndefined();
  });

  it('not a photo over 5 MB, which may be compressed first; but still over 5 MB after that', () => {
    const photo = file('camera.jpg', 'image/jpeg', 8 * MB);
    expect(chosenFileProblem(photo)).toBeUndefined();
    expect(sendableFileProblem(photo)).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(sendableFileProblem(file('camera.jpg', 'image/jpeg', MB))).toBeUndefined();
  });
});

describe('which files are compressed', () => {
  it.each([
    ['a JPEG photo over 1 MB', 'camera.jpg', 'image/jpeg', 3 * MB, true],
    ['a PNG over 1 MB', 'screen.png', 'image/png', COMPRESS_ABOVE_BYTES + 1, true],
    ['a photo named .jpg with no type', 'camera.jpg', '', 2 * MB, true],
    ['a JPEG of 1 MB or less', 'small.jpg', 'image/jpeg', COMPRESS_ABOVE_BYTES, false],
    ['a PDF, however large', 'statement.pdf', 'application/pdf', 4 * MB, false],
  ])('%s', (_label, name, type, size, compressed) => {
    expect(needsCompression(file(name, type, size))).toBe(compressed);
  });
});
