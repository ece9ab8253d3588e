import { describe, expect, it } from 'vitest';
import { proposalRouteKey, resolveProposalRoute } from '../../../../src/app/proposal/proposalRoute.ts';

const steps = {
  '': {},
  'personal-details/basic': {},
  'bank-details': {},
  'bank-details/fatca-details': {},
  'review-upload-doc/upload-doc': {},
  'review-upload-doc/upload-doc?type=secondary': {},
  'registration-unsuccesful': {},
};

describe('proposal routes', () => {
  it('keys a hash without slashes at either end, keeping only the type query', () => {
    expect(proposalRouteKey('')).toBe('');
    expect(proposalRouteKey('#')).toBe('');
    expect(proposalRouteKey('#/')).toBe('');
    expect(proposalRouteKey('#/bank-details/')).toBe('bank-details');
    expect(proposalRouteKey('#/review-upload-doc/upload-doc?type=secondary')).toBe(
      'review-upload-doc/upload-doc?type=secondary',
    );
    expect(proposalRouteKey('#/payment-success?utm=x')).toBe('payment-success');
  });

  it('resolves the two screens, the content steps, and everything else as unknown', () => {
    expect(resolveProposalRoute('#/payment-success', steps)).toEqual({ screen: 'payment-success' });
    expect(resolveProposalRoute('#/thank-you/', steps)).toEqual({ screen: 'thank-you' });
    expect(resolveProposalRoute('#/', steps)).toEqual({ screen: 'step', key: '' });
    expect(resolveProposalRoute('', steps)).toEqual({ screen: 'step', key: '' });
    expect(resolveProposalRoute('#/bank-details/', steps)).toEqual({ screen: 'step', key: 'bank-details' });
    expect(resolveProposalRoute('#/registration-unsuccesful', steps)).toEqual({
      screen: 'step',
      key: 'registration-unsuccesful',
    });
    expect(resolveProposalRoute('#/review-upload-doc/upload-doc?type=secondary', steps)).toEqual({
      screen: 'step',
      key: 'review-upload-doc/upload-doc?type=secondary',
    });
    // A type the content does not name falls back to the route without it.
    expect(resolveProposalRoute('#/review-upload-doc/upload-doc?type=primary', steps)).toEqual({
      screen: 'step',
      key: 'review-upload-doc/upload-doc',
    });
    expect(resolveProposalRoute('#/personal-details', steps)).toEqual({ screen: 'unknown' });
    expect(resolveProposalRoute('#/constructor', steps)).toEqual({ screen: 'unknown' });
  });
});
