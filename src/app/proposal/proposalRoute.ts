/*
 * The proposal page's hash routes (spec 02 §2.2, spec 01 §2): two screens every plan has,
 * payment-success and thank-you, and the plan's proposal steps, named in its content file.
 */

export type ProposalRoute =
  | { screen: 'payment-success' }
  | { screen: 'thank-you' }
  /** A proposal step of the plan's content (`key` as there: '' for #/). */
  | { screen: 'step'; key: string }
  /** A route the page does not know: it goes to the proposal root. */
  | { screen: 'unknown' };

/**
 * '#/bank-details/' → 'bank-details'; '#/review-upload-doc/upload-doc?type=secondary' keeps
 * its type, the one query a proposal route carries; '', '#' and '#/' → ''.
 */
export function proposalRouteKey(hash: string): string {
  const [rawPath = '', rawQuery = ''] = hash.replace(/^#/, '').split('?');
  const path = rawPath.replace(/^\/+|\/+$/g, '');
  const type = new URLSearchParams(rawQuery).get('type');
  return type ? `${path}?type=${type}` : path;
}

export function resolveProposalRoute(hash: string, steps: Readonly<Record<string, unknown>>): ProposalRoute {
  const key = proposalRouteKey(hash);
  const path = key.split('?')[0]!;
  if (path === 'payment-success') return { screen: 'payment-success' };
  if (path === 'thank-you') return { screen: 'thank-you' };
  if (Object.hasOwn(steps, key)) return { screen: 'step', key };
  if (Object.hasOwn(steps, path)) return { screen: 'step', key: path };
  return { screen: 'unknown' };
}
