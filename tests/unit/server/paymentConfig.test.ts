import { describe, expect, it } from 'vitest';
import { configFromEnv, SANDBOX_PAYMENT } from '../../../src/server/config.ts';

describe('payment configuration', () => {
  it('defaults to the built-in sandbox served by this server', () => {
    expect(configFromEnv({}).payment).toEqual({
      gatewayUrl: '/payu-sandbox/_payment',
      basbaGatewayUrl: '/payu-sandbox/basba',
      key: 'bimaflow-sandbox-key',
      salt: SANDBOX_PAYMENT.salt,
      sandbox: true,
    });
  });

  it('uses a real gateway from the environment alone, sandbox off', () => {
    const env = {
      PAYU_URL: 'https://test.payu.in/_payment',
      PAYU_KEY: 'gtKFFx',
      PAYU_SALT: 'eCwWELxi',
      PUBLIC_BASE_URL: 'https://buy.bimaflow.in/',
    };
    expect(configFromEnv(env).payment).toEqual({
      gatewayUrl: 'https://test.payu.in/_payment',
      basbaGatewayUrl: 'https://test.payu.in/_payment',
      key: 'gtKFFx',
      salt: 'eCwWELxi',
      publicBaseUrl: 'https://buy.bimaflow.in',
      sandbox: false,
    });
    expect(
      configFromEnv({ ...env, PAYU_BASBA_URL: 'https://secure.payu.in/_payment', NODE_ENV: 'production' })
        .payment.basbaGatewayUrl,
    ).toBe('https://secure.payu.in/_payment');
  });

  it('refuses to start with a real gateway and no salt or key', () => {
    expect(() => configFromEnv({ PAYU_URL: 'https://secure.payu.in/_payment', PAYU_KEY: 'k' })).toThrow(
      'PAYU_SALT must be set',
    );
    expect(() =>
      configFromEnv({ PAYU_URL: 'https://secure.payu.in/_payment', PAYU_KEY: 'k', NODE_ENV: 'production' }),
    ).toThrow('PAYU_SALT must be set');
    expect(() => configFromEnv({ PAYU_URL: 'https://secure.payu.in/_payment', PAYU_SALT: 's' })).toThrow(
      'PAYU_KEY must be set',
    );
  });

  it('never runs the sandbox beside a real gateway (it would sign with the real salt)', () => {
    expect(() =>
      configFromEnv({
        PAYU_URL: 'https://secure.payu.in/_payment',
        PAYU_KEY: 'k',
        PAYU_SALT: 's',
        PAYMENT_SANDBOX: 'true',
      }),
    ).toThrow('PAYMENT_SANDBOX=true cannot be used with a real gateway');
  });

  it('in production, takes test payments only when asked to', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(
      'NODE_ENV=production needs a real payment gateway',
    );
    expect(configFromEnv({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' }).payment.sandbox).toBe(true);
  });

  it('may serve the sandbox at a public address of this server, with its own test credentials only', () => {
    const staging = {
      PAYU_URL: 'https://staging.bimaflow.in/payu-sandbox/_payment',
      PAYU_BASBA_URL: 'https://staging.bimaflow.in/payu-sandbox/basba',
    };
    expect(configFromEnv(staging).payment).toMatchObject({
      sandbox: true,
      salt: SANDBOX_PAYMENT.salt,
      key: 'bimaflow-sandbox-key',
    });
    // Real credentials copied into a sandbox would let it forge answers the real merchant accepts.
    expect(() => configFromEnv({ ...staging, PAYU_SALT: 'eCwWELxi' })).toThrow(
      'PAYU_KEY and PAYU_SALT are for a real gateway',
    );
    expect(() => configFromEnv({ PAYU_KEY: 'gtKFFx' })).toThrow(
      'PAYU_KEY and PAYU_SALT are for a real gateway',
    );
  });

  it('needs the https address the gateway posts back to', () => {
    const real = { PAYU_URL: 'https://secure.payu.in/_payment', PAYU_KEY: 'k', PAYU_SALT: 's' };
    expect(() => configFromEnv(real)).toThrow('PUBLIC_BASE_URL must be set');
    expect(() => configFromEnv({ ...real, PUBLIC_BASE_URL: 'http://buy.bimaflow.in' })).toThrow(
      'PUBLIC_BASE_URL must be set',
    );
    expect(configFromEnv({ ...real, PUBLIC_BASE_URL: 'https://buy.bimaflow.in' }).payment.sandbox).toBe(
      false,
    );
  });

  it.each([
    [{ PAYMENT_SANDBOX: 'yes' }, 'PAYMENT_SANDBOX must be true or false'],
    [{ PAYMENT_SANDBOX: 'false' }, 'PAYMENT_SANDBOX=false needs PAYU_URL'],
    [{ PAYU_URL: 'ftp://payu.in/_payment' }, 'PAYU_URL must be an http(s) address or a path'],
    [{ PUBLIC_BASE_URL: '/relative' }, 'PUBLIC_BASE_URL must be an http(s) address'],
  ])('refuses %j', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(message);
  });
});
