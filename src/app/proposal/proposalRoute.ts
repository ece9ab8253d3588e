/*
 * The proposal page's hash routes (spec 02 §2.2, spec 01 §2): three screens every plan has,
 * payment-success, registration-unsuccesful (spelt so) and thank-you, and the plan's proposal
 * steps (plan.json proposal.steps, by route key).
 */

export type ProposalRoute =
  | { screen: 'payment-success' }
  | { screen: 'thank-you' }
  | { screen: 'registration-unsuccesful' }
  /** A route that names a proposal step, once the steps are known ('' for #/). */
  | { screen: 'step'; key: string };

/** The screens of their own, by route. */
const SCREENS = ['payment-success', 'thank-you', 'registration-unsuccesful'] as const;

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

/** The screen a hash names; a route that is not a screen of its own is a step's (checked against the steps by stepKeyOf). */
export function resolveProposalRoute(hash: string): ProposalRoute {
  const key = proposalRouteKey(hash);
  const path = key.split('?')[0]!;
  const screen = SCREENS.find((name) => name === path);
  return screen ? { screen } : { screen: 'step', key };
}

/**
 * The step a route key opens: the key itself, else the same route without its type query;
 * undefined for a route the plan has no step for (the page then goes to #/).
 */
export function stepKeyOf(key: string, steps: Readonly<Record<string, unknown>>): string | undefined {
  if (Object.hasOwn(steps, key)) return key;
  const path = key.split('?')[0]!;
  return Object.hasOwn(steps, path) ? path : undefined;
}
