import type { Queryable } from '../../db/Db.ts';
import { EXPIRY_DAYS } from '../applications/policyDates.ts';

/**
 * The quotes table (migrations 001, 003: json; 004: lz4-compressed on PostgreSQL 14+, PGlite
 * keeps it uncompressed; 013: the basis version): one row a priced quote, never changed.
 * `request` is the request as validated; `response` the answer, what the illustration prints
 * of the plan and the people and what the calculator priced, `basisVersion` the pricing basis
 * it was priced on (pricing_bases), so the illustration's tables are priced again exactly as
 * quoted. A row written before 013 has no version and holds its whole illustration.
 */
export interface QuoteRow<Request = Record<string, unknown>, Response = Record<string, unknown>> {
  quoteNumber: string;
  applicationNumber: string | null;
  productId: string;
  request: Request;
  response: Response;
  /** null: a row written before 013, its illustration in `response`. */
  basisVersion: string | null;
  createdAt: Date;
}

/**
 * What a quote of an application was priced on, checked by the write that stores it: the
 * application is of the quote's product, not submitted, holds basic details, started on
 * `proposalDate` and is not expired on `today` (resumeRefusal, the quote route's checks).
 */
export interface QuotedApplication {
  /** 'yyyy-mm-dd': the application's policy start date, the date the quote was priced at. */
  proposalDate: string;
  /** 'yyyy-mm-dd' in India. */
  today: string;
}

export interface QuoteRepository {
  /** Inserts a quote; undefined when the number is already taken (draw again). */
  insert(quote: Omit<QuoteRow, 'createdAt'>): Promise<QuoteRow | undefined>;
  /**
   * Inserts a quote of an application in one statement, only if the application is as
   * `priced` says; undefined, with nothing stored, when it is not or the number is taken.
   */
  insertForApplication(
    quote: Omit<QuoteRow, 'createdAt'> & { applicationNumber: string },
    priced: QuotedApplication,
  ): Promise<QuoteRow | undefined>;
  find(quoteNumber: string): Promise<QuoteRow | undefined>;
}

interface Row {
  quote_number: string;
  application_number: string | null;
  product_id: string;
  request: Record<string, unknown> | string;
  response: Record<string, unknown> | string;
  basis_version: string | null;
  created_at: Date | string;
}

const json = (value: Record<string, unknown> | string) =>
  typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;

function toQuote(row: Row): QuoteRow {
  return {
    quoteNumber: row.quote_number,
    applicationNumber: row.application_number,
    productId: row.product_id,
    request: json(row.request),
    response: json(row.response),
    basisVersion: row.basis_version ?? null,
    createdAt: new Date(row.created_at),
  };
}

const COLUMNS = 'quote_number, application_number, product_id, request, response, basis_version, created_at';

const params = (quote: Omit<QuoteRow, 'createdAt'>) => [
  quote.quoteNumber,
  quote.applicationNumber,
  quote.productId,
  JSON.stringify(quote.request),
  JSON.stringify(quote.response),
  quote.basisVersion,
];

export function createQuoteRepository(db: Queryable): QuoteRepository {
  // Only the new row's time comes back: the request and answer are what was just sent.
  const inserted = async (quote: Omit<QuoteRow, 'createdAt'>, sql: string, more: unknown[] = []) => {
    const { rows } = await db.query<{ created_at: Date | string }>(sql, [...params(quote), ...more]);
    return rows[0] ? { ...quote, createdAt: new Date(rows[0].created_at) } : undefined;
  };
  return {
    insert: (quote) =>
      inserted(
        quote,
        `INSERT INTO quotes (quote_number, application_number, product_id, request, response, basis_version)
         VALUES ($1, $2, $3, $4::json, $5::json, $6)
         ON CONFLICT DO NOTHING
         RETURNING created_at`,
      ),
    insertForApplication: (quote, priced) =>
      inserted(
        quote,
        `INSERT INTO quotes (quote_number, application_number, product_id, request, response, basis_version)
         SELECT $1::text, $2::text, $3::text, $4::json, $5::json, $6::text FROM applications
         WHERE application_number = $2 AND product_id = $3 AND NOT journey_flag
           AND jsonb_typeof(state->'basicDetails'->'policyHolder') = 'object'
           AND state->'basicDetails'->'policyHolder' <> '{}'::jsonb
           AND policy_start_date = $7::date AND $8::date - policy_start_date <= ${EXPIRY_DAYS}
           AND COALESCE(state->'paymentDetails'->>'status', '') <> 'success'
           AND NOT (COALESCE(state->'paymentDetails'->>'status', '') = 'pending'
             AND COALESCE(state->'paymentDetails'->>'basbastatus', '') = 'initiated')
         ON CONFLICT DO NOTHING
         RETURNING created_at`,
        [priced.proposalDate, priced.today],
      ),
    async find(quoteNumber) {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM quotes WHERE quote_number = $1`, [
        quoteNumber,
      ]);
      return rows[0] ? toQuote(rows[0]) : undefined;
    },
  };
}
