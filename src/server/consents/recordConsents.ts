import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/Db.ts';
import { enqueue } from '../outbox/enqueue.ts';
import { planFor } from '../plans/serverPlans.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { planConsents } from '../../shared/consents.ts';
import {
  createApplicationRepository,
  type Application,
  type ApplicationRepository,
  type ApplicationState,
} from '../api/applications/applicationRepository.ts';
import { holderOf } from '../api/applications/planChecks.ts';
import { requireCapability } from '../api/applications/requireCapability.ts';
import { consentChanges } from './consentChanges.ts';
import { appendConsents, consentsOf, type ConsentRow, type ConsentSource } from './consentStore.ts';

/** The outbox topic that tells the CRM a consent changed (docs/design/consents.md). */
export const CONSENT_TOPIC = 'consent';

/** What the CRM hears of a consent change: the consents in force now, and what changed. */
export interface ConsentMessage {
  applicationNumber: string;
  mobile: string | null;
  source: ConsentSource;
  recordedAt: string;
  changed: { kind: string; granted: boolean; version: string }[];
  /** Every consent in force after the change, by kind: WhatsApp messages go only where `whatsapp` is true. */
  consents: Record<string, boolean>;
}

/**
 * Appends the rows and, after creation, the outbox message that carries them to the CRM,
 * in the caller's transaction.
 */
export async function recordConsentRows(
  tx: Queryable,
  about: { applicationNumber: string; mobile: string | null; inForce: Record<string, boolean> | undefined },
  source: ConsentSource,
  rows: readonly ConsentRow[],
): Promise<string | undefined> {
  const recorded = await appendConsents(tx, about.applicationNumber, source, rows);
  if (!recorded || about.inForce === undefined) return recorded?.recordedAt;
  const { id, recordedAt } = recorded;
  const changed = rows.map((row) => ({ kind: row.kind, granted: row.granted, version: row.wording.version }));
  const message: ConsentMessage = {
    applicationNumber: about.applicationNumber,
    mobile: about.mobile,
    source,
    recordedAt,
    changed,
    consents: { ...about.inForce, ...Object.fromEntries(changed.map((c) => [c.kind, c.granted])) },
  };
  await enqueue(tx, { topic: CONSENT_TOPIC, recordId: id, payload: message });
  return recordedAt;
}

/** A save found a consent box that says other than the saved details: it takes the recording path. */
class ConsentsChanged extends Error {}

/** The consent boxes a patch sends (booleans), shaped as the state holds them; undefined when it sends none. */
function sentConsents(plan: LoadedPlan, patch: ApplicationState): ApplicationState | undefined {
  let sent: ApplicationState | undefined;
  for (const consent of planConsents(plan)) {
    const parts = consent.section.split('/').slice(1);
    let from: unknown = patch;
    for (const part of parts)
      from = from && typeof from === 'object' ? (from as ApplicationState)[part] : undefined;
    const value = from && typeof from === 'object' ? (from as ApplicationState)[consent.field] : undefined;
    if (typeof value !== 'boolean') continue;
    sent ??= {};
    let into = sent;
    for (const part of parts) into = (into[part] ??= {}) as ApplicationState;
    into[consent.field] = value;
  }
  return sent;
}

/** Whether `value` holds everything `part` says (JSON containment of objects, as PostgreSQL's @>). */
function holds(value: unknown, part: unknown): boolean {
  if (part && typeof part === 'object') {
    return (
      !!value &&
      typeof value === 'object' &&
      Object.entries(part).every(([key, inner]) => holds((value as ApplicationState)[key], inner))
    );
  }
  return value === part;
}

/**
 * A journey save that carries basic details records the consent boxes it changes with it,
 * in one transaction (docs/design/consents.md). The saved details mirror the consents in
 * force, so the usual save, whose boxes say what is saved, stays the one statement it was:
 * it is written on the condition that the stored state holds the boxes as sent. When they
 * differ, the save's own refusals are heard first; then the consents in force are read, and
 * the save and the rows it changes are written together, or refused for a box ticked to a
 * wording the plan no longer has.
 */
export async function saveWithConsents(
  app: FastifyInstance,
  request: FastifyRequest,
  repository: ApplicationRepository,
  change: {
    applicationNumber: string;
    patch: ApplicationState;
    shown: Record<string, unknown> | undefined;
  },
  save: (repository: ApplicationRepository) => Promise<number>,
): Promise<number> {
  if (change.patch.basicDetails === undefined) return save(repository);
  let current: Application | undefined;
  const guarded: ApplicationRepository = {
    ...repository,
    changeAssuming(c, assumed) {
      // The plan the one-statement save assumes the application is of.
      const plan = planFor(assumed.productId);
      const stateContains = plan && sentConsents(plan, change.patch);
      return repository.changeAssuming(c, stateContains ? { ...assumed, stateContains } : assumed);
    },
    async find(applicationNumber) {
      current = await repository.find(applicationNumber);
      return current;
    },
    change(c) {
      const plan = current && planFor(current.productId);
      const sent = plan && sentConsents(plan, change.patch);
      if (sent && !holds(current!.state, sent)) throw new ConsentsChanged();
      return repository.change(c);
    },
  };
  try {
    return await save(guarded);
  } catch (error) {
    if (!(error instanceof ConsentsChanged)) throw error;
  }

  requireCapability(app, request, change.applicationNumber);
  const inForceNow = await consentsOf(app.db, change.applicationNumber);
  const plan = inForceNow && planFor(inForceNow.productId);
  // No such application (or plan) any more: the save says so in its words.
  if (!inForceNow || !plan) return save(repository);
  const { rows, refusal } = consentChanges(plan, change.patch, change.shown, inForceNow.consents);
  if (rows.length === 0) return save(repository);
  return app.db.transaction(async (tx) => {
    const version = await save(createApplicationRepository(tx));
    if (refusal) throw refusal;
    const inForce = Object.fromEntries(
      [...inForceNow.consents].map(([kind, state]) => [kind, state.granted]),
    );
    const mobile = holderOf(change.patch.basicDetails)?.mobile ?? inForceNow.mobile;
    await recordConsentRows(
      tx,
      { applicationNumber: change.applicationNumber, mobile, inForce },
      'basic-details',
      rows,
    );
    return version;
  });
}
