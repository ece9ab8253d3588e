import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DESK_API } from '../../shared/deskApi.ts';
import { addressKey } from '../lib/addressKey.ts';
import { ApiError } from '../lib/ApiError.ts';
import { ERROR_ANSWER, object, text } from '../lib/specSchema.ts';
import {
  checkPassword,
  endSession,
  openSession,
  sessionStaff,
  SESSION_HOURS,
  type Staff,
} from './staffStore.ts';
import '../types.ts';

/*
 * Signing in to the operations desk (issue 20). Staff sign in with an e-mail and a password
 * (accounts are made with `npm run desk:staff`); the session is an httpOnly, SameSite=Strict
 * cookie scoped to /desk, Secure whenever the site is reached over https. The desk's API takes
 * nothing else: a visitor's Bearer token, a capability or a service token never works here.
 * Sign-in is limited per address (10 in 10 minutes) and per e-mail (30), counted in the app's
 * rate-limit store; what the log keeps of a sign-in is its outcome, never the e-mail.
 */
export { DESK_API };
export const DESK_COOKIE = 'bf_desk';

export const DESK_MESSAGES = {
  wrongPassword: 'The e-mail or password is not right.',
  signIn: 'Please sign in to the desk.',
  tooMany: 'Too many sign-in attempts. Please try again after some time.',
} as const;

/** Per address: ten quick tries. Per e-mail, from anywhere: more, so a stranger's guesses slow a
 * distributed attack without locking the staff member out at once. */
const SIGN_IN_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 };
const SIGN_IN_LIMIT_PER_EMAIL = { limit: 30, windowMs: 10 * 60 * 1000 };

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member signed in to the desk (desk routes only). */
    staff?: Staff;
  }
}

const STAFF_ANSWER = object({ email: text('E-mail', {}), name: text('Name', {}) }, ['email', 'name']);

/** Whether the site is reached over https: the cookie is then sent over https only. */
function secureSite(app: FastifyInstance, request: FastifyRequest): boolean {
  return (
    request.protocol === 'https' || Boolean(app.serverConfig.payment.publicBaseUrl?.startsWith('https://'))
  );
}

/** A preHandler for desk routes: the session cookie's staff member, or 401. */
export function requireStaff(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const staff = await sessionStaff(app.db, request.cookies[DESK_COOKIE]);
    if (!staff) throw new ApiError(401, DESK_MESSAGES.signIn);
    request.staff = staff;
  };
}

export const deskAuth: FastifyPluginAsync = async (app) => {
  async function countSignIn(request: FastifyRequest, reply: FastifyReply, email: string) {
    const results = await Promise.all([
      app.rateLimiter.hit(`desk-sign-in:address:${addressKey(request.ip)}`, SIGN_IN_LIMIT),
      app.rateLimiter.hit(`desk-sign-in:email:${email.trim().toLowerCase()}`, SIGN_IN_LIMIT_PER_EMAIL),
    ]);
    const refused = results.filter((result) => !result.allowed);
    if (!refused.length) return;
    reply.header('retry-after', String(Math.ceil(Math.max(...refused.map((r) => r.retryAfterMs)) / 1000)));
    throw new ApiError(429, DESK_MESSAGES.tooMany);
  }

  app.post<{ Body: { email: string; password: string } }>(
    `${DESK_API}/sign-in`,
    {
      config: { auth: 'none' },
      schema: {
        body: object(
          {
            email: text('E-mail', { minLength: 3, maxLength: 100 }),
            password: text('Password', { minLength: 1, maxLength: 200 }),
          },
          ['email', 'password'],
        ),
        response: { 200: STAFF_ANSWER, '4xx': ERROR_ANSWER },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await countSignIn(request, reply, email);
      const staff = await checkPassword(app.db, email, password);
      if (!staff) {
        request.log.info({ outcome: 'refused' }, 'desk sign-in');
        throw new ApiError(401, DESK_MESSAGES.wrongPassword);
      }
      request.log.info({ outcome: 'signed in', staff: staff.id }, 'desk sign-in');
      const token = await openSession(app.db, staff);
      reply.setCookie(DESK_COOKIE, token, {
        path: '/desk',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureSite(app, request),
        maxAge: SESSION_HOURS * 3600,
      });
      return { email: staff.email, name: staff.name };
    },
  );

  app.get(
    `${DESK_API}/me`,
    {
      config: { auth: 'none' },
      preHandler: requireStaff(app),
      schema: { response: { 200: STAFF_ANSWER, '4xx': ERROR_ANSWER } },
    },
    async (request) => ({ email: request.staff!.email, name: request.staff!.name }),
  );

  app.post(
    `${DESK_API}/sign-out`,
    {
      config: { auth: 'none' },
      schema: { response: { 200: object({ status: text('Status', {}) }, ['status']), '4xx': ERROR_ANSWER } },
    },
    async (request, reply) => {
      await endSession(app.db, request.cookies[DESK_COOKIE]);
      reply.clearCookie(DESK_COOKIE, { path: '/desk' });
      return { status: 'signed out' };
    },
  );
};
