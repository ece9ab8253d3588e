import type { FastifyInstance } from 'fastify';
import { enqueue } from '../../outbox/enqueue.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { issueCapability } from './requireCapability.ts';

/**
 * Resume limits that cannot be turned against the owner (issue 19.11). The lookups are
 * counted per application and per mobile number across every address, so that nobody can
 * guess a date of birth or an e-mail address from many addresses; but then anyone who knows
 * a Quote ID or a mobile number could use up its count and keep the owner out. So when a
 * lookup is refused for its application's or mobile number's count, the owner is sent a link
 * that continues the application without any lookup: through the outbox, to the mobile
 * number and e-mail the application holds (the insurer's messaging service sends it). The
 * link carries a capability for that one application (RESUME_LINK_TTL_SECONDS) and opens
 * the plan's journey with `?applicationNo=…&resumeKey=…`, which resumes at once.
 *
 * Nothing is said to the caller about whether an application was found; a link goes out at
 * most once a day per application and per mobile number (to at most its RECENT_LIMIT newest
 * applications), so the refusals cannot be used to flood the owner with messages. The link is
 * an absolute address on PUBLIC_BASE_URL; without it no link is sent (logged as an error).
 * Request logs leave out query strings (src/server/main.ts), so the key is not written there.
 */
export const RESUME_LINK_TOPIC = 'resume-link';
export const RESUME_LINK_TTL_SECONDS = 60 * 60;
/** At most one link a day to an application's owner, and one a day for a mobile number's applications. */
const ONE_LINK_PER = { limit: 1, windowMs: 24 * 60 * 60 * 1000 };
const RECENT_LIMIT = 3;

/** The address parameter that carries the capability of a resume link (src/app/journey/resume/useAutoResume.ts). */
export const RESUME_KEY_PARAM = 'resumeKey';

export interface ResumeLinks {
  /** Sends the owner of the application, or of the mobile number's applications, a link to continue. */
  offer(keys: { applicationNumber?: string; mobile?: string; countryCode?: string }): Promise<void>;
}

interface Owner {
  application_number: string;
  product_id: string;
  holder_mobile: string | null;
  holder_country_code: string | null;
  holder_email: string | null;
}

export function createResumeLinks(app: FastifyInstance): ResumeLinks {
  const { db, rateLimiter, serverConfig } = app;
  const base = serverConfig.payment.publicBaseUrl;
  return {
    async offer({ applicationNumber, mobile, countryCode = '91' }) {
      if (!base) {
        app.log.error('resume link not sent: PUBLIC_BASE_URL is not set, so there is no address to send');
        return;
      }
      if (!applicationNumber) {
        const once = await rateLimiter
          .hit(`resume-link-mobile:${mobile}`, ONE_LINK_PER)
          .catch(() => undefined);
        if (!once?.allowed) return;
      }
      const { rows } = applicationNumber
        ? await db.query<Owner>(
            `SELECT application_number, product_id, holder_mobile, holder_country_code, holder_email
             FROM applications WHERE application_number = $1 AND NOT journey_flag`,
            [applicationNumber],
          )
        : await db.query<Owner>(
            `SELECT application_number, product_id, holder_mobile, holder_country_code, holder_email
             FROM applications WHERE holder_mobile = $1 AND holder_country_code = $2 AND NOT journey_flag
             ORDER BY updated_at DESC LIMIT ${RECENT_LIMIT}`,
            [mobile, countryCode],
          );
      for (const owner of rows) {
        const routes = planFor(owner.product_id)?.config.routes;
        if (!routes || (!owner.holder_mobile && !owner.holder_email)) continue;
        const once = await rateLimiter
          .hit(`resume-link:${owner.application_number}`, ONE_LINK_PER)
          .catch(() => undefined);
        if (!once?.allowed) continue;
        const capability = issueCapability(app, owner.application_number, RESUME_LINK_TTL_SECONDS);
        const query = new URLSearchParams({
          applicationNo: owner.application_number,
          [RESUME_KEY_PARAM]: capability,
        });
        await enqueue(db, {
          topic: RESUME_LINK_TOPIC,
          recordId: owner.application_number,
          payload: {
            applicationNumber: owner.application_number,
            productId: owner.product_id,
            mobileNumber: owner.holder_mobile,
            countryCode: owner.holder_country_code,
            emailId: owner.holder_email,
            link: `${base}${routes.pathBase}${routes.slug}/?${query.toString()}`,
            expiresAt: new Date(Date.now() + RESUME_LINK_TTL_SECONDS * 1000).toISOString(),
          },
        });
      }
    },
  };
}
