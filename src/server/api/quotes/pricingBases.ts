import type { Queryable } from '../../db/Db.ts';
import type { PricingBasisDocument, PricingSources } from './pricingSources.ts';

/**
 * The pricing_bases table (migration 013): each version of what quotes were priced on, stored
 * once and never changed, so a quote names its basis by version instead of carrying its
 * illustration.
 */
export interface PricingBases {
  /**
   * Stores the version of each of these sources not yet stored (as far as this instance
   * knows: a version stored once is not written again by it), in one statement.
   */
  register(entries: { productId: string; sources: PricingSources }[]): Promise<void>;
  /** The basis document of a version; undefined when no such version is stored. */
  find(version: string): Promise<PricingBasisDocument | undefined>;
}

export function createPricingBases(db: Queryable): PricingBases {
  const stored = new Set<string>();
  return {
    async register(entries) {
      const fresh = new Map<string, { productId: string; sources: PricingSources }>();
      for (const entry of entries) {
        if (!stored.has(entry.sources.version)) fresh.set(entry.sources.version, entry);
      }
      if (!fresh.size) return;
      const rows = [...fresh.values()];
      await db.query(
        `INSERT INTO pricing_bases (version, product_id, basis)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[]::json[])
         ON CONFLICT DO NOTHING`,
        [
          rows.map(({ sources }) => sources.version),
          rows.map(({ productId }) => productId),
          rows.map(({ sources }) => sources.document),
        ],
      );
      for (const version of fresh.keys()) stored.add(version);
    },
    async find(version) {
      const { rows } = await db.query<{ basis: PricingBasisDocument | string }>(
        'SELECT basis FROM pricing_bases WHERE version = $1',
        [version],
      );
      const basis = rows[0]?.basis;
      return typeof basis === 'string' ? (JSON.parse(basis) as PricingBasisDocument) : basis;
    },
  };
}
