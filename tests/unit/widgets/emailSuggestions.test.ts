import { describe, expect, it } from 'vitest';
import { COMMON_EMAIL_DOMAINS, emailSuggestions } from '../../../widgets/emailSuggestions.ts';

describe('emailSuggestions', () => {
  it('suggests nothing before an @ or without a local part', () => {
    expect(emailSuggestions('ramesh')).toEqual([]);
    expect(emailSuggestions('@gm')).toEqual([]);
    expect(emailSuggestions('')).toEqual([]);
  });

  it('suggests every common domain right after @', () => {
    expect(emailSuggestions('ramesh@')).toEqual(COMMON_EMAIL_DOMAINS.map((d) => `ramesh@${d}`));
    expect(COMMON_EMAIL_DOMAINS).toEqual([
      'gmail.com',
      'yahoo.com',
      'yahoo.co.in',
      'outlook.com',
      'hotmail.com',
      'rediffmail.com',
      'icloud.com',
    ]);
  });

  it('filters by what follows @, ignoring its case, and keeps the local part as typed', () => {
    expect(emailSuggestions('Ramesh.K@ya')).toEqual(['Ramesh.K@yahoo.com', 'Ramesh.K@yahoo.co.in']);
    expect(emailSuggestions('a@G')).toEqual(['a@gmail.com']);
    expect(emailSuggestions('a@yahoo.co')).toEqual(['a@yahoo.com', 'a@yahoo.co.in']);
    expect(emailSuggestions('a@xyz')).toEqual([]);
  });

  it('stops once a domain is complete, on a second @ or on spaces', () => {
    expect(emailSuggestions('a@gmail.com')).toEqual([]);
    expect(emailSuggestions('a@b@g')).toEqual([]);
    expect(emailSuggestions('a b@g')).toEqual([]);
  });

  it('drops suggestions longer than the maximum length', () => {
    const local = 'x'.repeat(40);
    expect(emailSuggestions(`${local}@`, COMMON_EMAIL_DOMAINS, 50)).toEqual([
      `${local}@gmail.com`,
      `${local}@yahoo.com`,
    ]);
  });
});
