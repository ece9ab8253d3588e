import type { OfferSource } from './types.ts';
import { getByPointer } from '../schema/pointer.ts';

type Data = Record<string, unknown>;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (typeof value === 'object' && !Object.keys(value).length);

function offered(source: OfferSource, state: unknown): unknown {
  if (typeof source === 'string') return getByPointer(state, source);
  const value = getByPointer(state, source.from);
  if (typeof value !== 'string') return undefined;
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (source.words === 'first') return words[0];
  if (source.words === 'last') return words.length > 1 ? words[words.length - 1] : undefined;
  return words.length > 2 ? words.slice(1, -1).join(' ') : undefined;
}

/** Writes `value` at a pointer into the form data, copying the objects on the way. */
function withValue(data: Data, pointer: string, value: unknown): Data {
  const [head, ...rest] = pointer.replace(/^\//, '').split('/');
  if (!head) return data;
  if (!rest.length) return { ...data, [head]: value };
  const child = data[head];
  return {
    ...data,
    [head]: withValue(child && typeof child === 'object' ? (child as Data) : {}, `/${rest.join('/')}`, value),
  };
}

/**
 * A form's data with what the application already knows offered in the fields still empty
 * (plan.json `offer`: form pointer -> application pointer, or some words of it): the
 * proposal's personal details offer the holder's name, Talk to Expert the holder's mobile.
 */
export function withOffers(
  data: Data,
  offer: Record<string, OfferSource | OfferSource[]> | undefined,
  state: unknown,
): Data {
  let result = data;
  for (const [field, sources] of Object.entries(offer ?? {})) {
    if (!isEmpty(getByPointer(result, field))) continue;
    const value = (Array.isArray(sources) ? sources : [sources])
      .map((source) => offered(source, state))
      .find((candidate) => !isEmpty(candidate));
    if (value !== undefined) result = withValue(result, field, value);
  }
  return result;
}
