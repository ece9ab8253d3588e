import { StepFailure, type StepContext } from '../../../engine/plan/adapter.ts';
import type { KeyValueStorage } from '../../../engine/state/applicationStore.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { rememberQuote } from './previousQuotes.ts';

/** spec 02 §8 messages of the basic-details Continue. */
export const MESSAGES = {
  notProcessed: 'Sorry we couldn’t process your details, please try again',
  leadFailed: 'failed to generate lead',
  leadThrew: 'Failed to generate Lead.',
} as const;

type Person = Record<string, unknown>;

/** 'Ramesh Kumar Sharma' -> first 'Ramesh', middle 'Kumar', last 'Sharma'. */
export function splitName(fullName: unknown): { firstname: string; middlename: string; lastname: string } {
  const words = String(fullName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const firstname = words[0] ?? '';
  const lastname = words.length > 1 ? words[words.length - 1]! : '';
  return { firstname, middlename: words.slice(1, -1).join(' '), lastname };
}

/** yyyy-mm-dd -> dd/mm/yyyy (the create call's dateOfBirth). */
export function toDisplayDate(wire: unknown): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(wire ?? ''));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

function leadIdFrom(answer: unknown): string {
  const response = (answer as { Eterm_CRM_Lead_Resp?: { Status?: string; StatusMessage?: string } })
    .Eterm_CRM_Lead_Resp;
  if (!response?.Status) throw new StepFailure(MESSAGES.leadFailed);
  return (
    String(response.StatusMessage ?? '')
      .trim()
      .split(/\s+/)
      .pop() ?? ''
  );
}

/**
 * Basic details Continue (spec 02 §4.4): creates the lead, then the application, then
 * (unless the utm source contains c2c) the campaign update, or the sampark lead for c2c;
 * keeps the application as the newest previous quote and reports stage Lead.
 */
export async function submitBasicDetails(
  context: StepContext,
  api: ApiClient,
  local: KeyValueStorage,
): Promise<void> {
  const { store, plan, search } = context;
  const { config } = plan;
  const holder = store.getState().basicDetails.policyHolder as Person;
  const insured = store.getState().basicDetails.insuredPerson as Person;
  const names = splitName(holder.fullName);
  const utm = {
    lead_source: search.get('lead_source') ?? search.get('utm_source') ?? '',
    utm_source: search.get('utm_source') ?? '',
    utm_content: search.get('utm_content') ?? '',
    utm_campaign: search.get('utm_campaign') ?? '',
  };
  const c2c = utm.utm_source.toLowerCase().includes('c2c');

  let leadId: string;
  try {
    leadId = leadIdFrom(
      await api.post('/buyonlineoauth/leads/create', {
        ...names,
        gender: holder.gender,
        mobilenumber: holder.mobileNumber,
        emailid: holder.emailId,
        DOB: holder.dateOfBirth,
        productname: config.productName,
      }),
    );
  } catch (error) {
    if (error instanceof StepFailure) throw error;
    throw new StepFailure(
      error instanceof ApiFailure && error.fieldErrors.length
        ? error.fieldErrors[0]!.message
        : MESSAGES.leadThrew,
    );
  }

  const basicDetails = { policyHolder: { ...holder, ...names, leadId, ...utm }, insuredPerson: insured };
  let created: {
    status?: string;
    applicationNo?: string;
    proposalNumber?: string;
    capability?: string;
    version?: number;
  };
  try {
    created = await api.post('/buyonlineoauth/applications/create', {
      basicDetails,
      leadId,
      ...utm,
      dateOfBirth: toDisplayDate(holder.dateOfBirth),
      emailId: holder.emailId,
      mobileNumber: holder.mobileNumber,
      productId: config.productId,
      productName: config.productName,
      planCode: config.planCode,
      applicationNumber: '',
      productUIN: config.uin,
    });
  } catch (error) {
    throw new StepFailure(
      error instanceof ApiFailure && error.fieldErrors.length
        ? error.fieldErrors[0]!.message
        : MESSAGES.notProcessed,
    );
  }
  if (created.status !== '200' || !created.applicationNo || !created.capability)
    throw new StepFailure(MESSAGES.notProcessed);
  const applicationNumber = created.applicationNo;
  const capability = created.capability;
  let version = created.version ?? 1;

  if (c2c) {
    await api
      .post('/buyonlineoauth/service/createSamparkLeadApi', {
        command: 'leadpush',
        data: [
          {
            first_name: names.firstname,
            phone: holder.mobileNumber,
            email: holder.emailId,
            dob: holder.dateOfBirth,
            field1: holder.gender,
            field3: config.productName,
            field4: utm.lead_source,
          },
        ],
      })
      .catch(() => undefined); // a failed sampark push is recorded server-side; the visitor goes on
  } else {
    try {
      const updated = await api.post<{ status?: string; version?: number }>(
        '/buyonlineoauth/applications/update-campaign',
        {
          applicationNumber,
          basicDetails,
          campaignId: utm.utm_campaign,
          leadId,
          planCode: config.planCode,
          productName: config.productName,
          version,
        },
        { capability },
      );
      if (updated.status !== '200') throw new StepFailure(MESSAGES.notProcessed);
      version = updated.version ?? version;
    } catch (error) {
      throw error instanceof StepFailure ? error : new StepFailure(MESSAGES.notProcessed);
    }
  }

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
      version,
      proposalNumber: created.proposalNumber,
      productId: config.productId,
      userStage: 'basic-details',
    },
  });
  rememberQuote(local, config.productId, {
    applicationNumber,
    capability,
    savedAt: new Date().toISOString(),
    previousQuoteData: {},
    basicDetails: { policyHolder: basicDetails.policyHolder, insuredPerson: insured },
  });
  // The stage report is informational: the visitor never waits on it or sees it fail.
  void api
    .post(
      '/buyonlineoauth/service/crmTermUpdateLead',
      { applicationNumber, stageApiName: 'Lead' },
      { capability },
    )
    .catch(() => undefined);
}
