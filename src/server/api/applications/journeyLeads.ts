import type { Queryable } from '../../db/Db.ts';
import { splitName } from '../../../journey/names.ts';
import { pushLead } from '../../leads/recordLead.ts';

/** The stage reports of spec 02 §7 (crmTermUpdateLead) a create may ask for. */
export const STAGE_REPORTS = ['Lead', 'Quote', 'Pay Later'] as const;
export type StageReport = (typeof STAGE_REPORTS)[number];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

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
  const lead = await pushLead(tx, {
    kind: 'basic',
    withLeadId: true,
    productId: facts.productId,
    mobile: facts.mobile,
    payload: {
      ...splitName(holder.fullName),
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
  await pushLead(tx, {
    kind: 'sampark',
    withLeadId: true,
    mobile: facts.mobile,
    payload: {
      command: 'leadpush',
      data: [
        {
          first_name: splitName(holder.fullName).firstname,
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
  await pushLead(tx, {
    kind: 'stage-report',
    withLeadId: false,
    applicationNumber,
    productId: facts.productId,
    mobile: facts.mobile,
    payload: { applicationNumber, stageApiName },
  });
}
