import type { FastifyPluginAsync } from 'fastify';
import { createApplicationRepository } from './applicationRepository.ts';
import { addApplicationSchemas } from './applicationSchemas.ts';
import { createApplicationRoute } from './createApplicationRoute.ts';
import { createResumeGuard } from './resumeGuard.ts';
import { createResumeLinks } from './resumeLinks.ts';
import { resumeByApplicationNumberRoute } from './resumeByApplicationNumberRoute.ts';
import { resumeByMobileRoute } from './resumeByMobileRoute.ts';
import { proposalSubmitRoute } from './proposalSubmitRoute.ts';
import { stageSaveRoutes } from './stageSaveRoutes.ts';
import { updateCampaignRoute } from './updateCampaignRoute.ts';
import '../../types.ts';

/**
 * The applications bounded context: create, update campaign, the stage saves, the proposal's
 * submission and the two resume lookups. Every route needs a Bearer token; every change and every read of one
 * application needs its capability or a proof of who holds it. Saves are committed
 * before they are acknowledged and carry the optimistic version.
 */
export const applicationRoutes: FastifyPluginAsync = async (app) => {
  addApplicationSchemas(app);
  const repository = createApplicationRepository(app.db);
  const guard = createResumeGuard(app.serverConfig, app.rateLimiter, createResumeLinks(app));

  createApplicationRoute(app, repository);
  updateCampaignRoute(app, repository);
  stageSaveRoutes(app, repository);
  proposalSubmitRoute(app, repository);
  resumeByApplicationNumberRoute(app, repository, guard);
  resumeByMobileRoute(app, repository, guard);
};
