import { describe, expect, it } from 'vitest';
import {
  proposalRouteKey,
  resolveProposalRoute,
  stepKeyOf,
} from '../../../../src/app/proposal/proposalRoute.ts';

const steps = {
  '': {},
  'personal-details/basic': {},
  'bank-details': {},
  'bank-details/fatca-details': {},
  'review-upload-doc/upload-doc': {},
  'review-upload-doc/upload-doc?type=secondary': {},
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

  it('resolves the three screens of their own, and every other route as a step', () => {
    expect(resolveProposalRoute('#/payment-success')).toEqual({ screen: 'payment-success' });
    expect(resolveProposalRoute('#/thank-you/')).toEqual({ screen: 'thank-you' });
    expect(resolveProposalRoute('#/registration-unsuccesful')).toEqual({
      screen: 'registration-unsuccesful',
    });
    expect(resolveProposalRoute('#/')).toEqual({ screen: 'step', key: '' });
    expect(resolveProposalRoute('')).toEqual({ screen: 'step', key: '' });
    expect(resolveProposalRoute('#/bank-details/')).toEqual({ screen: 'step', key: 'bank-details' });
    expect(resolveProposalRoute('#/review-upload-doc/upload-doc?type=secondary')).toEqual({
      screen: 'step',
      key: 'review-upload-doc/upload-doc?type=secondary',
    });
  });

  it('opens the step a route names, its route without a type the plan does not know, and none for others', () => {
    expect(stepKeyOf('', steps)).toBe('');
    expect(stepKeyOf('bank-details', steps)).toBe('bank-details');
    expect(stepKeyOf('review-upload-doc/upload-doc?type=secondary', steps)).toBe(
      'review-upload-doc/upload-doc?type=secondary',
    );
    expect(stepKeyOf('review-upload-doc/upload-doc?type=tertiary', steps)).toBe(
      'review-upload-doc/upload-doc',
    );
    expect(stepKeyOf('somewhere-else', steps)).toBeUndefined();
  });
});
