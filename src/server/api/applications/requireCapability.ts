import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { CAPABILITY_HEADER } from '../../plugins/authenticate.ts';
import { MESSAGES } from './applicationMessages.ts';

/** The capability header of a request, if it is a live capability for this application. */
export function hasCapability(app: FastifyInstance, request: FastifyRequest, applicationNumber: string) {
  const header = request.headers[CAPABILITY_HEADER];
  return app.tokens.allows(typeof header === 'string' ? header : undefined, applicationNumber);
}

/**
 * Only the window that created or legitimately resumed an application may change it: it
 * holds the capability that creation or resume handed out. Checked before the database is
 * asked anything, so a missing capability says nothing about whether the number exists.
 */
export function requireCapability(app: FastifyInstance, request: FastifyRequest, applicationNumber: string) {
  if (!hasCapability(app, request, applicationNumber)) throw new ApiError(403, MESSAGES.noCapability);
}

/**
 * Calls that merely name an application (lead pushes, stage reports, call-back bookings)
 * need its capability too, or anyone could attach records to anyone's application.
 * Confidential service clients (CRM, call centre) act for the insurer and are exempt.
 */
export function requireCapabilityUnlessService(
  app: FastifyInstance,
  request: FastifyRequest,
  applicationNumber: string,
) {
  if (request.principal?.scope === 'service') return;
  requireCapability(app, request, applicationNumber);
}

/**
 * The application number a lead push or call-back booking names, upper-cased, once the
 * caller has shown its capability (see requireCapabilityUnlessService); null when it names none.
 */
export function namedApplication(
  app: FastifyInstance,
  request: FastifyRequest,
  applicationNumber: string | undefined,
): string | null {
  if (!applicationNumber) return null;
  const number = applicationNumber.toUpperCase();
  requireCapabilityUnlessService(app, request, number);
  return number;
}

/** A fresh capability for this application, valid for the configured time (or `ttlSeconds`). */
export function issueCapability(
  app: FastifyInstance,
  applicationNumber: string,
  ttlSeconds = app.serverConfig.capabilityTtlSeconds,
): string {
  return app.tokens.issueCapability(applicationNumber, ttlSeconds);
}
