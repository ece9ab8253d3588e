/**
 * The name the proposal page's root route (`#/`, whose route key is '') goes by where a step
 * needs a name: the analytics the browser sends and the desk's funnel (docs/design/analytics.md).
 */
export const PROPOSAL_ROOT_STEP = 'root';
