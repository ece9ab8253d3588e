import { StepFailure, type StepContext } from '../../../engine/plan/adapter.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { MESSAGES } from '../messages.ts';
import { splitName } from '../names.ts';
import { toDisplayDate } from '../formatValue.ts';
import type { JourneyServices } from '../JourneyServices.ts';
import { rememberQuote } from '../previousQuotes.ts';
import { choicesThatFit } from './planFit.ts';
import { setAtPointer } from '../../../engine/state/applicationState.ts';
import { shownConsentVersions } from '../../shared/consents.ts';

type Person = Record<string, unknown>;

/** The server's first field message for a refusal it explained, else the given words. */
function refusal(error: unknown, otherwise: string): StepFailure {
  if (error instanceof StepFailure) return error;
  if (error instanceof ApiFailure && error.statusCode >= 400 && error.statusCode < 500)
    return new StepFailure(error.fieldErrors[0]?.message ?? error.message);
  return new StepFailure(otherwise);
}

/**
 * Basic details Continue on an application that already exists (the visitor came back to
 * edit): the same application is updated (a new version), choices that still fit are kept,
 * and the ones that no longer fit are named. Answers the notice to show, if any.
 */
async function updateApplication(
  context: StepContext,
  services: JourneyServices,
): Promise<string | undefined> {
  const { store, plan, stepId } = context;
  const { api, local } = services;
  const current = store.getState();
  const holder = current.basicDetails.policyHolder as Person;
  const named = setAtPointer(current, '/basicDetails/policyHolder', {
    ...holder,
    ...splitName(holder.fullName),
  });
  // What no longer fits (a joint life now too far apart in age) is dropped before the save,
  // so the server is sent details it accepts; nothing changes here unless it does accept them.
  const { state, changed } = choicesThatFit(plan, named, stepId);
  let saved: { status?: string; version?: number };
  try {
    saved = await api.post(
      '/buyonlineoauth/stages/basic-details',
      {
        applicationNumber: state.applicationNumber,
        basicDetails: state.basicDetails,
        consentVersions: shownConsentVersions(plan),
        productId: plan.config.productId,
        planCode: plan.config.planCode,
        version: state.version,
      },
      { capability: state.capability as string },
    );
  } catch (error) {
    throw refusal(error, MESSAGES.notProcessed);
  }
  if (saved.status !== '200') throw new StepFailure(MESSAGES.notProcessed);
  store.dispatch({ type: 'resume', data: { ...state, version: saved.version, userStage: 'basic-details' } });
  // The device's previous quotes show the details as they are now.
  rememberQuote(local, plan.config.productId, {
    applicationNumber: String(state.applicationNumber),
    capability: state.capability as string,
    savedAt: services.now().toISOString(),
    previousQuoteData: {},
    basicDetails: {
      policyHolder: state.basicDetails.policyHolder as Person,
      insuredPerson: (state.basicDetails.insuredPerson ?? {}) as Person,
    },
  });
  return changed.length
    ? `Your details are saved. Some plan choices no longer fit and were reset: ${changed.join('; ')}.`
    : undefined;
}

/**
 * Basic details Continue (spec 02 §4.4): one call after the token. The server creates the
 * application and, in the same transaction, records the lead, the campaign update (or the
 * sampark lead for a c2c utm source) and the stage report, delivering them to the CRM
 * through its outbox. Keeps the application as the newest previous quote. On an
 * application that exists already, updates it instead.
 */
export async function createApplication(
  context: StepContext,
  services: JourneyServices,
  report: string | undefined,
): Promise<string | undefined> {
  const { api, local } = services;
  const { store, plan, search } = context;
  const { config } = plan;
  if (store.getState().applicationNumber && store.getState().capability)
    return updateApplication(context, services);

  const holder = store.getState().basicDetails.policyHolder as Person;
  const insured = store.getState().basicDetails.insuredPerson as Person;
  const names = splitName(holder.fullName);
  const utm = {
    lead_source: search.get('lead_source') ?? search.get('utm_source') ?? '',
    utm_source: search.get('utm_source') ?? '',
    utm_content: search.get('utm_content') ?? '',
    utm_campaign: search.get('utm_campaign') ?? '',
  };

  const policyHolder = { ...holder, ...names, ...utm };
  let created: {
    status?: string;
    applicationNo?: string;
    proposalNumber?: string;
    capability?: string;
    version?: number;
    leadId?: string;
  };
  try {
    created = await api.post('/buyonlineoauth/applications/create', {
      basicDetails: { policyHolder, insuredPerson: insured },
      // The versions of the consent wordings beside the boxes: the server records each consent with its own.
      consentVersions: shownConsentVersions(plan),
      ...utm,
      dateOfBirth: toDisplayDate(holder.dateOfBirth),
      emailId: holder.emailId,
      mobileNumber: holder.mobileNumber,
      productId: config.productId,
      productName: config.productName,
      planCode: config.planCode,
      applicationNumber: '',
      productUIN: config.uin,
      recordLead: true,
      ...(report ? { stageReport: report } : {}),
    });
  } catch (error) {
    throw refusal(error, MESSAGES.notProcessed);
  }
  if (created.status !== '200' || !created.applicationNo || !created.capability || !created.leadId)
    throw new StepFailure(MESSAGES.notProcessed);
  const applicationNumber = created.applicationNo;
  const capability = created.capability;
  const leadId = created.leadId;

  store.dispatch({
    type: 'updateBasicDetails',
    userType: 'policyHolder',
    data: { ...names, leadId, ...utm },
  });
  store.dispatch({ type: 'saveApplicationNumber', applicationNumber });
  store.dispatch({
    type: 'updateMapping',
    data: {
      capability,
      version: created.version ?? 1,
      proposalNumber: created.proposalNumber,
      productId: config.productId,
      userStage: 'basic-details',
    },
  });
  rememberQuote(local, config.productId, {
    applicationNumber,
    capability,
    savedAt: services.now().toISOString(),
    previousQuoteData: {},
    basicDetails: { policyHolder: { ...policyHolder, leadId }, insuredPerson: insured },
  });
  return undefined;
}
