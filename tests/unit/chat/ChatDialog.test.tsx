// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatDialog, chatContextFor, chatRequestOf } from '../../../src/journey/help/ChatDialog.tsx';

/*
 * The journey's chat dialog frames the chat page: it tells the page where the visitor is once
 * the page is ready — the application and its capability only to a page on the journey's own
 * origin — and closes when the page asks (Escape pressed inside the frame), hearing only its
 * own frame on the chat's origin.
 */
/** The dialog's words, as schemas/common/content.json gives them. */
const COPY = {
  chatTitle: 'Start a conversation with a life insurance expert',
  chatFrameTitle: 'Chat with a life insurance expert',
  close: 'Close',
};
const OWN = 'https://buy.insurer.example';
const ELSEWHERE = 'https://chat.vendor.example';
const CONTEXT = {
  productId: 'T54',
  step: 'plan-details',
  applicationNumber: '8892941567',
  capability: 'eyJhbGciOi.J9-_x',
};

afterEach(cleanup);

describe('what the chat page is told', () => {
  it('carries the application and its capability only to a chat on the journey’s own origin', () => {
    expect(chatContextFor(CONTEXT, OWN, OWN)).toEqual({ type: 'bimaflow:chat-context', ...CONTEXT });
    expect(chatContextFor(CONTEXT, ELSEWHERE, OWN)).toEqual({
      type: 'bimaflow:chat-context',
      productId: 'T54',
      step: 'plan-details',
    });
    // Another port or scheme is another origin.
    expect(chatContextFor(CONTEXT, 'https://buy.insurer.example:8443', OWN)).not.toHaveProperty('capability');
    expect(chatContextFor(CONTEXT, 'http://buy.insurer.example', OWN)).not.toHaveProperty('capability');
  });

  it('names no application without its capability, and leaves out what the journey does not know', () => {
    expect(chatContextFor({ productId: 'T54', applicationNumber: '8892941567' }, OWN, OWN)).toEqual({
      type: 'bimaflow:chat-context',
      productId: 'T54',
    });
    expect(chatContextFor({}, OWN, OWN)).toEqual({ type: 'bimaflow:chat-context' });
  });
});

describe('what the chat page asks', () => {
  const frame = {} as Window;
  const from = (data: unknown, origin = OWN, source: unknown = frame) =>
    chatRequestOf({ data, origin, source } as MessageEvent, frame, OWN);

  it('is heard only from the dialog’s own frame on the chat’s origin', () => {
    expect(from({ type: 'bimaflow:chat-ready' })).toBe('ready');
    expect(from({ type: 'bimaflow:chat-close' })).toBe('close');
    expect(from({ type: 'bimaflow:chat-close' }, ELSEWHERE)).toBeUndefined();
    expect(from({ type: 'bimaflow:chat-close' }, OWN, {} as Window)).toBeUndefined();
    expect(from({ type: 'bimaflow:chat-close' }, OWN, null)).toBeUndefined();
    expect(
      chatRequestOf({ data: { type: 'bimaflow:chat-close' }, origin: OWN, source: null }, null, OWN),
    ).toBeUndefined();
    expect(from({ type: 'something-else' })).toBeUndefined();
    expect(from('bimaflow:chat-close')).toBeUndefined();
    expect(from(null)).toBeUndefined();
  });
});

describe('the chat dialog', () => {
  function open(chatUrl?: string) {
    const onClose = vi.fn();
    render(<ChatDialog copy={COPY} context={CONTEXT} onClose={onClose} {...(chatUrl ? { chatUrl } : {})} />);
    const iframe = screen.getByTitle('Chat with a life insurance expert') as HTMLIFrameElement;
    const chat = iframe.contentWindow!;
    const posted = vi.spyOn(chat, 'postMessage').mockImplementation(() => undefined);
    const say = (data: unknown, origin: string, source: Window | null = chat) =>
      act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin, source })));
    return { onClose, chat, posted, say };
  }

  it('tells its own origin’s chat page the application and capability once it is ready', () => {
    const own = window.location.origin;
    const { posted, say } = open();
    say({ type: 'bimaflow:chat-ready' }, own, window);
    expect(posted).not.toHaveBeenCalled();
    say({ type: 'bimaflow:chat-ready' }, own);
    expect(posted).toHaveBeenCalledWith({ type: 'bimaflow:chat-context', ...CONTEXT }, own);
  });

  it('tells a chat page at another address only the plan and step', () => {
    const { posted, say } = open(`${ELSEWHERE}/chat/`);
    say({ type: 'bimaflow:chat-ready' }, window.location.origin);
    expect(posted).not.toHaveBeenCalled();
    say({ type: 'bimaflow:chat-ready' }, ELSEWHERE);
    expect(posted).toHaveBeenCalledTimes(1);
    expect(posted).toHaveBeenCalledWith(
      { type: 'bimaflow:chat-context', productId: 'T54', step: 'plan-details' },
      ELSEWHERE,
    );
  });

  it('closes when its chat page asks (Escape pressed inside the frame), and not when another window does', () => {
    const own = window.location.origin;
    const { onClose, say } = open();
    say({ type: 'bimaflow:chat-close' }, ELSEWHERE);
    say({ type: 'bimaflow:chat-close' }, own, window);
    expect(onClose).not.toHaveBeenCalled();
    say({ type: 'bimaflow:chat-close' }, own);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
