import { describe, expect, it } from 'vitest';
import { allowedParentOrigins, contextOf, listenToParent } from '../../../src/chat/parentContext.ts';
import type { ChatPageContext } from '../../../src/chat/chatConversation.ts';

/*
 * The chat page hears its context only from its parent window on an allowed origin (its own by
 * default), keeps only well-formed fields, and tells the parent when it is ready.
 */
const OWN = 'https://buy.insurer.example';

function frame() {
  const posted: [unknown, string][] = [];
  const parent = { postMessage: (data: unknown, origin: string) => void posted.push([data, origin]) };
  type Listener = (event: Event) => void;
  const listeners = new Map<string, Set<Listener>>();
  const of = (type: string) => listeners.get(type) ?? listeners.set(type, new Set()).get(type)!;
  const self = {
    parent,
    addEventListener: (type: string, listener: Listener) => void of(type).add(listener),
    removeEventListener: (type: string, listener: Listener) => void of(type).delete(listener),
  };
  const deliver = (data: unknown, origin: string, source: unknown = parent) => {
    for (const listener of of('message')) listener({ data, origin, source } as MessageEvent);
  };
  const press = (key: string, isComposing = false) => {
    for (const listener of of('keydown')) listener({ key, isComposing } as KeyboardEvent);
  };
  const listening = () => [...listeners.values()].reduce((count, set) => count + set.size, 0);
  return { self: self as unknown as Window, parent, posted, deliver, press, listening };
}

const CONTEXT = {
  type: 'bimaflow:chat-context',
  productId: 'T54',
  step: 'plan-details',
  applicationNumber: '8892941567',
  capability: 'eyJhbGciOi.J9-_x',
};

describe('the chat page’s parent', () => {
  it('is told the page is ready, and heard only from an allowed origin and only as the parent', () => {
    const { self, posted, deliver, listening } = frame();
    const heard: ChatPageContext[] = [];
    const stop = listenToParent((context) => heard.push(context), [OWN], self);
    expect(posted).toEqual([[{ type: 'bimaflow:chat-ready' }, OWN]]);

    deliver(CONTEXT, 'https://evil.example');
    deliver(CONTEXT, OWN, { postMessage: () => undefined });
    deliver({ type: 'something-else' }, OWN);
    expect(heard).toEqual([]);

    deliver(CONTEXT, OWN);
    const { type: _type, ...fields } = CONTEXT;
    expect(heard).toEqual([fields]);
    stop();
    expect(listening()).toBe(0);
  });

  it('is asked to close the chat when Escape is pressed in the page, on the allowed origins', () => {
    const JOURNEY = 'https://www.insurer.example';
    const { self, posted, press, listening } = frame();
    const stop = listenToParent(() => undefined, [OWN, JOURNEY], self);
    posted.length = 0;

    press('Enter');
    press('a');
    press('Escape', true); // cancels an input method's choice, not the chat
    expect(posted).toEqual([]);

    press('Escape');
    expect(posted).toEqual([
      [{ type: 'bimaflow:chat-close' }, OWN],
      [{ type: 'bimaflow:chat-close' }, JOURNEY],
    ]);
    stop();
    expect(listening()).toBe(0);
    press('Escape');
    expect(posted).toHaveLength(2);
  });

  it('keeps only well-formed fields of a context', () => {
    expect(
      contextOf({
        ...CONTEXT,
        productId: '<script>',
        step: 'Plan Details',
        applicationNumber: 42,
        extra: 'x',
      }),
    ).toEqual({ capability: CONTEXT.capability });
    expect(contextOf('bimaflow:chat-context')).toBeUndefined();
    expect(contextOf(null)).toBeUndefined();
  });

  it('allows the page’s own origin, and those configured at build time', () => {
    expect(allowedParentOrigins(OWN, undefined)).toEqual([OWN]);
    expect(allowedParentOrigins(OWN, ` https://www.insurer.example, ${OWN}`)).toEqual([
      OWN,
      'https://www.insurer.example',
    ]);
  });

  it('listens to no one when the page is not framed', () => {
    const { self, posted } = frame();
    (self as unknown as { parent: unknown }).parent = self;
    listenToParent(() => undefined, [OWN], self);
    expect(posted).toEqual([]);
  });
});
