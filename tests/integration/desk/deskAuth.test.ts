import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_API, DESK_COOKIE, DESK_MESSAGES } from '../../../src/server/desk/deskAuth.ts';
import { addStaff } from '../../../src/server/desk/staffStore.ts';
import { createTestApi, DATABASES, type TestApi } from '../api/testApp.ts';

/*
 * Issue 20, the desk's door: staff sign in with an e-mail and password (argon2id), the session
 * is an httpOnly SameSite=Strict cookie on /desk, a visitor's token never opens the desk, a
 * wrong password and an eleventh quick sign-in are refused, and signing out ends the session.
 */
const PASSWORD = 'correct horse battery staple';

let ipSeed = 0;
const newIp = () => `10.20.${Math.floor(++ipSeed / 250)}.${ipSeed % 250}`;

function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((each) =>
    each.startsWith(`${DESK_COOKIE}=`),
  );
  return line ?? '';
}

describe.each(DATABASES)('desk sign-in ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
    await addStaff(api.app.db, { email: 'Asha.Rao@insurer.example', name: 'Asha Rao', password: PASSWORD });
  }, 30_000);
  afterAll(() => api.close());

  const signIn = (email: string, password: string, ip = newIp()) =>
    api.app.inject({
      method: 'POST',
      url: `${DESK_API}/sign-in`,
      remoteAddress: ip,
      payload: { email, password },
    });
  const me = (headers: Record<string, string>) =>
    api.app.inject({ method: 'GET', url: `${DESK_API}/me`, headers });

  it('signs staff in with an httpOnly, SameSite=Strict cookie on /desk, which opens the desk until sign-out', async () => {
    const res = await signIn('asha.rao@INSURER.example', PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: 'Asha.Rao@insurer.example', name: 'Asha Rao' });
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/desk/);
    const value = cookie.split(';')[0]!;
    expect((await me({ cookie: value })).json()).toEqual({
      email: 'Asha.Rao@insurer.example',
      name: 'Asha Rao',
    });
    // Only its hash is stored.
    const { rows } = await api.app.db.query<{ token_hash: string }>('SELECT token_hash FROM staff_sessions');
    expect(rows.map((row) => row.token_hash)).not.toContain(value.split('=')[1]);

    const out = await api.app.inject({
      method: 'POST',
      url: `${DESK_API}/sign-out`,
      headers: { cookie: value },
    });
    expect(out.statusCode).toBe(200);
    const after = await me({ cookie: value });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(DESK_MESSAGES.signIn);
  });

  it('refuses a wrong password and an unknown e-mail alike, and keeps the password only as an argon2id hash', async () => {
    for (const res of [
      await signIn('asha.rao@insurer.example', 'wrong password!'),
      await signIn('nobody@insurer.example', PASSWORD),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'Failed', message: DESK_MESSAGES.wrongPassword });
      expect(cookieOf(res)).toBe('');
    }
    const { rows } = await api.app.db.query<{ password_hash: string }>('SELECT password_hash FROM staff');
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.password_hash).not.toContain(PASSWORD);
  });

  it('never opens the desk with a visitor’s token, a service token or no cookie', async () => {
    const tries: Record<string, string>[] = [
      { authorization: `Bearer ${await api.token()}` },
      { authorization: `Bearer ${await api.token('service')}` },
      { cookie: `${DESK_COOKIE}=not-a-session` },
      {},
    ];
    for (const headers of tries) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(DESK_MESSAGES.signIn);
    }
  });

  it('refuses the eleventh quick sign-in from one address, even with the right password', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await signIn('asha.rao@insurer.example', `guess ${i}`, ip)).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const eleventh = await signIn('asha.rao@insurer.example', PASSWORD, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(DESK_MESSAGES.tooMany);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(cookieOf(eleventh)).toBe('');
  });

  it('answers an unknown desk API path with JSON, not the web app', async () => {
    const res = await api.app.inject({ method: 'GET', url: `${DESK_API}/nothing-here` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
