import type { Db } from '../../db/Db.ts';
import { applicationFacts, insertLead, type LeadRecord } from '../../leads/recordLead.ts';
import { enqueue } from '../../outbox/enqueue.ts';
import type { CallSlot } from './callSlots.ts';

export interface CallbackRequest {
  fullName: string;
  mobileNumber: string;
  gender: 'Male' | 'Female' | 'Other';
  mode: 'now' | 'slot';
  date?: string;
  slotId?: number;
  applicationNumber?: string;
  productId?: string;
  /** The step the visitor was on, so the expert who calls knows where they stopped. */
  step?: string;
}

/** Gender as the call centre takes it (spec 02 §3.7). */
const GENDER_CODE = { Male: 'M', Female: 'F', Other: 'O' } as const;

/**
 * Books a call back: the booking, its lead (kind 'callback') and the outbox message the
 * call centre receives are written in one transaction.
 */
export async function bookCallback(
  db: Db,
  request: CallbackRequest,
  slot: CallSlot | undefined,
): Promise<LeadRecord> {
  const applicationNumber = request.applicationNumber ? request.applicationNumber.toUpperCase() : null;
  const slotDate = slot ? request.date! : null;
  return db.transaction(async (tx) => {
    const facts = await applicationFacts(tx, applicationNumber);
    const lead = await insertLead(tx, {
      kind: 'callback',
      withLeadId: true,
      applicationNumber,
      productId: facts.productId ?? (request.productId ? request.productId.toUpperCase() : null),
      mobile: request.mobileNumber,
      payload: request,
    });
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO callback_bookings (application_number, full_name, mobile, gender, slot_date, slot_id, lead_id, payload, step)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) RETURNING id::text AS id`,
      [
        applicationNumber,
        request.fullName,
        request.mobileNumber,
        request.gender,
        slotDate,
        slot?.id ?? null,
        lead.leadId,
        JSON.stringify(request),
        request.step || null,
      ],
    );
    const booking = {
      id: rows[0]!.id,
      mode: request.mode,
      date: slotDate,
      slotId: slot?.id ?? null,
      slotLabel: slot?.label ?? null,
      genderCode: GENDER_CODE[request.gender],
      step: request.step || null,
    };
    await enqueue(tx, { topic: lead.kind, recordId: lead.id, payload: { ...lead, booking } });
    return lead;
  });
}
