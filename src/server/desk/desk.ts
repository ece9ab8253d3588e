import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import { deskAuth } from './deskAuth.ts';
import { deskCallbacks } from './deskCallbacks.ts';
import { deskChats } from './deskChats.ts';
import { deskFunnel } from './deskFunnel.ts';
import { deskLeads } from './deskLeads.ts';

/**
 * The operations desk's API under /desk/api (issue 20), in a context of its own: only its
 * routes read cookies, and only the desk's session cookie opens them.
 */
export const desk: FastifyPluginAsync = async (app) => {
  await app.register(cookie);
  await app.register(deskAuth);
  await app.register(deskCallbacks);
  await app.register(deskChats);
  await app.register(deskFunnel);
  await app.register(deskLeads);
};
