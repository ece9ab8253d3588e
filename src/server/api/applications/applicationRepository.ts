import type { Queryable } from '../../db/Db.ts';
import { EXPIRY_DAYS } from './policyDates.ts';
import { withCurrentSectionNames } from './stages.ts';

/**
 * The SQL of the applications context. Every write is one statement, committed before the
 * caller answers; every change goes through the optimistic `version`, so a stale window
 * changes nothing. Dates come back as 'yyyy-mm-dd' text from PGlite and PostgreSQL alike.
 */
export type ApplicationState = Record<string, unknown>;

export interface Application {
  applicationNumber: string;
  proposalNumber: string;
  productId: string;
  planCode: string;
  productUin: string | null;
  stage: string;
  journeyFlag: boolean;
  /** 'yyyy-mm-dd' */
  policyStartDate: string | null;
  state: ApplicationState;
  version: number;
  updatedAt: Date;
}

/** The policyholder columns that resume lookups search by. */
export interface Holder {
  mobile?: string;
  countryCode?: string;
  /** 'yyyy-mm-dd' */
  dateOfBirth?: string;
  email?: string;
}

export interface NewApplication {
  applicationNumber: string;
  proposalNumber: string;
  productId: string;
  planCode: string;
  productUin: string;
  stage: string;
  policyStartDate: string;
  holder: Holder;
  leadId?: string;
  state: ApplicationState;
}

export interface ApplicationChange {
  applicationNumber: string;
  /** The version the change was made on; it applies only if that is still the stored one. */
  version: number;
  /** Top-level state keys to replace. */
  patch: ApplicationState;
  stage?: string;
  holder?: Holder;
  leadId?: string;
}

/**
 * What a change may assume without reading the application first (see changeApplication):
 * it is of this product, not expired on `today` (India), and holds no payment that fixes
 * or refuses anything (paymentDetails.status neither 'success' nor 'pending').
 */
export interface ChangeAssumptions {
  productId: string;
  /** 'yyyy-mm-dd' */
  today: string;
  /** The stored state holds these values (JSON containment), e.g. the consent boxes as sent. */
  stateContains?: ApplicationState;
}

export interface ResumableApplication {
  productId: string;
  applicationNumber: string;
  updatedAt: Date;
}

const COLUMNS = `application_number, proposal_number, product_id, plan_code, product_uin, stage, journey_flag,
  to_char(policy_start_date, 'YYYY-MM-DD') AS policy_start_date, state, version, updated_at`;

interface Row {
  application_number: string;
  proposal_number: string;
  product_id: string;
  plan_code: string;
  product_uin: string | null;
  stage: string;
  journey_flag: boolean;
  policy_start_date: string | null;
  state: ApplicationState | string;
  version: number;
  updated_at: Date | string;
}

function toApplication(row: Row): Application {
  return {
    applicationNumber: row.application_number,
    proposalNumber: row.proposal_number,
    productId: row.product_id,
    planCode: row.plan_code,
    productUin: row.product_uin,
    stage: row.stage,
    journeyFlag: row.journey_flag,
    policyStartDate: row.policy_start_date,
    // Sections saved under an old browser name (emandateDetails, documentUpload) read as the kept one.
    state: withCurrentSectionNames(
      typeof row.state === 'string' ? (JSON.parse(row.state) as ApplicationState) : row.state,
    ),
    version: Number(row.version),
    updatedAt: new Date(row.updated_at),
  };
}

export interface ApplicationRepository {
  /** Inserts a new application; undefined when either number is already taken (draw again). */
  insert(application: NewApplication): Promise<Application | undefined>;
  find(applicationNumber: string): Promise<Application | undefined>;
  /** The application with this Quote ID, proposal number and holder email (any case), if all match. */
  findByQuote(quoteId: string, proposalNumber: string, email: string): Promise<Application | undefined>;
  /** The application with this number whose holder has this mobile number and date of birth. */
  findByHolder(
    applicationNumber: string,
    mobile: string,
    dateOfBirth: string,
  ): Promise<Application | undefined>;
  /** Applies a change; the new version, or undefined when the application is missing, submitted or stale. */
  change(change: ApplicationChange): Promise<number | undefined>;
  /**
   * Applies a change only if the application is also as `assumed` says, in the same one
   * statement; undefined when anything differs (the caller then reads it and says why).
   */
  changeAssuming(change: ApplicationChange, assumed: ChangeAssumptions): Promise<number | undefined>;
  /**
   * Submits the proposal (journeyFlag, spec 02 §3.1), recording the stage and `state` with it,
   * if the application is still at `version` and not submitted; the new version, else undefined.
   */
  submit(
    applicationNumber: string,
    version: number,
    stage: string,
    state: ApplicationState,
  ): Promise<number | undefined>;
  /** Not yet submitted applications of these products held by this mobile and date of birth, newest first. */
  listResumable(
    holder: { mobile: string; countryCode: string; dateOfBirth: string },
    productIds: string[],
  ): Promise<ResumableApplication[]>;
}

/** At most this many applications are listed for one holder. */
const RESUME_LIST_LIMIT = 20;

export function createApplicationRepository(db: Queryable): ApplicationRepository {
  const one = async (sql: string, params: unknown[]) => {
    const { rows } = await db.query<Row>(sql, params);
    return rows[0] ? toApplication(rows[0]) : undefined;
  };
  const changed = async (c: ApplicationChange, guard: string, guardParams: unknown[] = []) => {
    const { rows } = await db.query<{ version: number }>(
      `UPDATE applications SET
         state = state || $3::jsonb,
         stage = COALESCE($4, stage),
         holder_mobile = COALESCE($5, holder_mobile),
         holder_country_code = COALESCE($6, holder_country_code),
         holder_dob = COALESCE($7::date, holder_dob),
         holder_email = COALESCE($8, holder_email),
         lead_id = COALESCE($9, lead_id),
         version = version + 1,
         updated_at = now()
       WHERE application_number = $1 AND version = $2 AND NOT journey_flag ${guard}
       RETURNING version`,
      [
        c.applicationNumber,
        c.version,
        JSON.stringify(c.patch),
        c.stage ?? null,
        c.holder?.mobile ?? null,
        c.holder?.countryCode ?? null,
        c.holder?.dateOfBirth ?? null,
        c.holder?.email ?? null,
        c.leadId ?? null,
        ...guardParams,
      ],
    );
    return rows[0] ? Number(rows[0].version) : undefined;
  };
  return {
    insert: (a) =>
      one(
        `INSERT INTO applications (application_number, proposal_number, product_id, plan_code, product_uin, stage,
           policy_start_date, holder_mobile, holder_country_code, holder_dob, holder_email, lead_id, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8, $9, $10::date, $11, $12, $13::jsonb)
         ON CONFLICT DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          a.applicationNumber,
          a.proposalNumber,
          a.productId,
          a.planCode,
          a.productUin,
          a.stage,
          a.policyStartDate,
          a.holder.mobile ?? null,
          a.holder.countryCode ?? null,
          a.holder.dateOfBirth ?? null,
          a.holder.email ?? null,
          a.leadId ?? null,
          JSON.stringify(a.state),
        ],
      ),

    find: (applicationNumber) =>
      one(`SELECT ${COLUMNS} FROM applications WHERE application_number = $1`, [applicationNumber]),

    findByQuote: (quoteId, proposalNumber, email) =>
      one(
        `SELECT ${COLUMNS} FROM applications
         WHERE application_number = $1 AND proposal_number = upper($2) AND lower(holder_email) = lower($3)`,
        [quoteId, proposalNumber, email],
      ),

    findByHolder: (applicationNumber, mobile, dateOfBirth) =>
      one(
        `SELECT ${COLUMNS} FROM applications
         WHERE application_number = $1 AND holder_mobile = $2 AND holder_dob = $3::date`,
        [applicationNumber, mobile, dateOfBirth],
      ),

    change: (c) => changed(c, ''),

    changeAssuming: (c, assumed) =>
      // The application's product, expiry (30 days after policy start, hasExpired) and the
      // absence of a recorded payment (isPaid, paymentRecorded) are checked by the write itself.
      changed(
        c,
        `AND product_id = $10
           AND (policy_start_date IS NULL OR $11::date - policy_start_date <= ${EXPIRY_DAYS})
           AND COALESCE(state->'paymentDetails'->>'status', '') NOT IN ('success', 'pending')
           ${assumed.stateContains ? 'AND state @> $12::jsonb' : ''}`,
        [
          assumed.productId,
          assumed.today,
          ...(assumed.stateContains ? [JSON.stringify(assumed.stateContains)] : []),
        ],
      ),

    async submit(applicationNumber, version, stage, state) {
      const { rows } = await db.query<{ version: number }>(
        `UPDATE applications SET journey_flag = true, stage = $3, state = state || $4::jsonb,
           version = version + 1, updated_at = now()
         WHERE application_number = $1 AND version = $2 AND NOT journey_flag
         RETURNING version`,
        [applicationNumber, version, stage, JSON.stringify(state)],
      );
      return rows[0] ? Number(rows[0].version) : undefined;
    },

    async listResumable(holder, productIds) {
      const { rows } = await db.query<{ product_id: string; application_number: string; updated_at: Date }>(
        `SELECT product_id, application_number, updated_at FROM applications
         WHERE holder_mobile = $1 AND holder_country_code = $2 AND holder_dob = $3::date
           AND NOT journey_flag AND product_id = ANY($4::text[])
         ORDER BY updated_at DESC, application_number
         LIMIT ${RESUME_LIST_LIMIT}`,
        [holder.mobile, holder.countryCode, holder.dateOfBirth, productIds],
      );
      return rows.map((row) => ({
        productId: row.product_id,
        applicationNumber: row.application_number,
        updatedAt: new Date(row.updated_at),
      }));
    },
  };
}
