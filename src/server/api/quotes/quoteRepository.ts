import type { Queryable } from '../../db/Db.ts';

/**
 * The quotes table (migrations 001, 003: json, uncompressed): one row a priced quote, never changed. `request` is the
 * request as validated; `response` the answer and everything the benefit illustration
 * prints, so the PDF is built from what the visitor was shown and never priced again.
 */
export interface QuoteRow<Request = Record<string, unknown>, Response = Record<string, unknown>> {
  quoteNumber: string;
  applicationNumber: string | null;
  productId: string;
  request: Request;
  response: Response;
  createdAt: Date;
}

export interface QuoteRepository {
  /** Inserts a quote; undefined when the number is already taken (draw again). */
  insert(quote: Omit<QuoteRow, 'createdAt'>): Promise<QuoteRow | undefined>;
  find(quoteNumber: string): Promise<QuoteRow | undefined>;
}

interface Row {
  quote_number: string;
  application_number: string | null;
  product_id: string;
  request: Record<string, unknown> | string;
  response: Record<string, unknown> | string;
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
    createdAt: new Date(row.created_at),
  };
}

const COLUMNS = 'quote_number, application_number, product_id, request, response, created_at';

export function createQuoteRepository(db: Queryable): QuoteRepository {
  return {
    async insert(quote) {
      // Only the new row's time comes back: the request and answer are what was just sent,
      // and reading 16 KB of illustration back for every quote would double the traffic.
      const { rows } = await db.query<{ created_at: Date | string }>(
        `INSERT INTO quotes (quote_number, application_number, product_id, request, response)
         VALUES ($1, $2, $3, $4::json, $5::json)
         ON CONFLICT DO NOTHING
         RETURNING created_at`,
        [
          quote.quoteNumber,
          quote.applicationNumber,
          quote.productId,
          JSON.stringify(quote.request),
          JSON.stringify(quote.response),
        ],
      );
      return rows[0] ? { ...quote, createdAt: new Date(rows[0].created_at) } : undefined;
    },
    async find(quoteNumber) {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM quotes WHERE quote_number = $1`, [
        quoteNumber,
      ]);
      return rows[0] ? toQuote(rows[0]) : undefined;
    },
  };
}
