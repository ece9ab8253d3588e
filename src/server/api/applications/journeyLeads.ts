import type { Queryable } from '../../db/Db.ts';
import { insertLead, type LeadInput } from '../../leads/recordLead.ts';
import { enqueue } from '../../outbox/enqueue.ts';

/** The stage reports of spec 02 §7 (crmTermUpdateLead) a create may ask for. */
export const STAGE_REPORTS = ['Lead', 'Quote', 'Pay Later'] as const;
export type StageReport = (typeof STAGE_REPORTS)[number];

/** 'Ramesh Kumar Sharma' -> first 'Ramesh', middle 'Kumar', last 'Sharma' (as the journey splits it). */
function nameParts(fullName: unknown) {
  const words = String(fullName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return {
    firstname: words[0] ?? '',
    middlename: words.slice(1, -1).join(' '),
    lastname: words.length > 1 ? words[words.length - 1]! : '',
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Records one push and its outbox message in the caller's transaction (see recordPush). */
async function push(tx: Queryable, input: LeadInput) {
  const lead = await insertLead(tx, input);
  await enqueue(tx, { topic: lead.kind, recordId: lead.id, payload: lead });
  return lead;
}

export interface JourneyLeadFacts {
  holder: Record<string, unknown>;
  productId: string;
  productName: string;
  mobile: string | null;
  leadSource: string;
}

/**
 * The basic-details lead of spec 02 §4.4, recorded as `POST /buyonlineoauth/leads/create`
 * records it (kind 'basic', a fresh lead id, the same payload the journey would send).
 */
export async function recordBasicLead(tx: Queryable, facts: JourneyLeadFacts): Promise<string> {
  const { holder } = facts;
  const lead = await push(tx, {
    kind: 'basic',
    withLeadId: true,
    productId: facts.productId,
    mobile: facts.mobile,
    payload: {
      ...nameParts(holder.fullName),
      gender: text(holder.gender),
      mobilenumber: text(holder.mobileNumber),
      emailid: text(holder.emailId),
      DOB: text(holder.dateOfBirth),
      productname: facts.productName,
    },
  });
  return lead.leadId!;
}

/** The sampark lead of a c2c visitor (spec 02 §4.4), as `createSamparkLeadApi` records it. */
export async function recordSamparkLead(tx: Queryable, facts: JourneyLeadFacts): Promise<void> {
  const { holder } = facts;
  await push(tx, {
    kind: 'sampark',
    withLeadId: true,
    mobile: facts.mobile,
    payload: {
      command: 'leadpush',
      data: [
        {
          first_name: nameParts(holder.fullName).firstname,
          phone: text(holder.mobileNumber),
          email: text(holder.emailId),
          dob: text(holder.dateOfBirth),
          field1: text(holder.gender),
          field3: facts.productName,
          field4: facts.leadSource,
        },
      ],
    },
  });
}

/** A stage report about the new application, as `crmTermUpdateLead` records it. */
export async function recordStageReport(
  tx: Queryable,
  applicationNumber: string,
  stageApiName: StageReport,
  facts: Pick<JourneyLeadFacts, 'productId' | 'mobile'>,
): Promise<void> {
  await push(tx, {
    kind: 'stage-report',
    withLeadId: false,
    applicationNumber,
    productId: facts.productId,
    mobile: facts.mobile,
    payload: { applicationNumber, stageApiName },
  });
}
