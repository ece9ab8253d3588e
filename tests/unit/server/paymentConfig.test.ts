import { describe, expect, it } from 'vitest';
import { configFromEnv, PAYMENT_DEFAULTS, SANDBOX_PAYMENT } from '../../../src/server/config.ts';

describe('payment configuration', () => {
  it('defaults to the built-in sandbox served by this server', () => {
    expect(configFromEnv({}).payment).toEqual({
      ...PAYMENT_DEFAULTS,
      gatewayUrl: '/payu-sandbox/_payment',
      basbaGatewayUrl: '/payu-sandbox/basba',
      verifyUrl: '/payu-sandbox/merchant/postservice.php?form=2',
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
      ...PAYMENT_DEFAULTS,
      gatewayUrl: 'https://test.payu.in/_payment',
      basbaGatewayUrl: 'https://test.payu.in/_payment',
      verifyUrl: 'https://test.payu.in/merchant/postservice.php?form=2',
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

  it('asks verify_payment where the gateway answers it, or where PAYU_VERIFY_URL says; never a bad address', () => {
    const real = {
      PAYU_URL: 'https://secure.payu.in/_payment',
      PAYU_KEY: 'k',
      PAYU_SALT: 's',
      PUBLIC_BASE_URL: 'https://buy.bimaflow.in',
    };
    expect(configFromEnv(real).payment.verifyUrl).toBe(
      'https://info.payu.in/merchant/postservice.php?form=2',
    );
    const own = { ...real, PAYU_VERIFY_URL: 'https://verify.example.in/merchant/postservice.php?form=2' };
    expect(configFromEnv(own).payment.verifyUrl).toBe(
      'https://verify.example.in/merchant/postservice.php?form=2',
    );
    expect(() => configFromEnv({ ...real, PAYU_VERIFY_URL: '/merchant/postservice.php' })).toThrow(
      'PAYU_VERIFY_URL must be an http(s) address',
    );
  });

  it('reads the verify time limit, the checkout session and reconciliation from the environment', () => {
    const payment = configFromEnv({
      PAYU_VERIFY_TIMEOUT_MS: '2500',
      PAYMENT_SESSION_MINUTES: '20',
      PAYMENT_RECONCILE: 'false',
      PAYMENT_RECONCILE_INTERVAL_MS: '60000',
      PAYMENT_RECONCILE_AFTER_MINUTES: '30',
      PAYMENT_RECONCILE_MAX_AGE_DAYS: '3',
    }).payment;
    expect(payment).toMatchObject({
      verifyTimeoutMs: 2500,
      sessionMinutes: 20,
      reconcile: false,
      reconcileIntervalMs: 60000,
      reconcileAfterMinutes: 30,
      reconcileMaxAgeDays: 3,
    });
    expect(() => configFromEnv({ PAYU_VERIFY_TIMEOUT_MS: '0' })).toThrow(
      'PAYU_VERIFY_TIMEOUT_MS must be a positive integer',
    );
    expect(() => configFromEnv({ PAYMENT_RECONCILE: 'yes' })).toThrow(
      'PAYMENT_RECONCILE must be true or false',
    );
  });
});
