import { describe, expect, it } from 'vitest';
import { gatewayReturnAddress } from '../../../../src/server/api/payments/gatewayReturnAddress.ts';

describe('the address a gateway posts its answer back to', () => {
  it('is PUBLIC_BASE_URL and the path when it is configured', () => {
    expect(
      gatewayReturnAddress({ publicBaseUrl: 'https://buy.bimaflow.in' }, '/buyonlineoauth/payments/response'),
    ).toBe('https://buy.bimaflow.in/buyonlineoauth/payments/response');
  });

  it('is the path alone without it (the sandbox, served by this server)', () => {
    expect(gatewayReturnAddress({}, '/buyonlineoauth/emandate/response')).toBe(
      '/buyonlineoauth/emandate/response',
    );
  });
});
