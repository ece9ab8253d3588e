import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '../../../engine/form/useModalDialog.ts';
import { CHAT_CLOSE, CHAT_READY, type ChatContext } from '../../shared/chatApi.ts';
import type { HelpCopy } from '../../plans/planContent.ts';

/**
 * Where the chat page is (spec 02 §2.9: loaded inside a frame): our server's own /chat/ unless
 * the build names another address (VITE_CHAT_URL; the server's CHAT_URL lets the page frame it).
 */
export const CHAT_URL: string = import.meta.env.VITE_CHAT_URL ?? '/chat/';

/**
 * What the journey tells the chat page: plan and step always; the application with its
 * capability (which reads and changes the application for 45 days) only to a chat page on the
 * journey's own origin, never to a chat served from another address.
 */
export function chatContextFor(
  context: Omit<ChatContext, 'type'>,
  chatOrigin: string,
  ownOrigin: string,
): ChatContext {
  const { productId, step, applicationNumber, capability } = context;
  return {
    type: 'bimaflow:chat-context',
    ...(productId ? { productId } : {}),
    ...(step ? { step } : {}),
    ...(chatOrigin === ownOrigin && applicationNumber && capability ? { applicationNumber, capability } : {}),
  };
}

/**
 * What a message to the journey's window asks of the chat dialog: 'ready' (send the context) or
 * 'close' (Escape pressed inside the chat page); nothing unless it comes from the dialog's own
 * frame on the chat page's origin.
 */
export function chatRequestOf(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  frame: Window | null | undefined,
  chatOrigin: string,
): 'ready' | 'close' | undefined {
  if (!frame || event.source !== frame || event.origin !== chatOrigin) return undefined;
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === CHAT_READY.type) return 'ready';
  if (type === CHAT_CLOSE.type) return 'close';
  return undefined;
}

/**
 * 'Start a conversation with a life insurance expert' (spec 02 §2.9): the chat page in a
 * frame. Once the page says it is ready, it is told where the visitor is (chatContextFor); it
 * asks the dialog to close when Escape is pressed inside it, where the dialog's own Escape
 * listener does not hear it.
 */
export function ChatDialog({
  copy,
  context,
  onClose,
  chatUrl = CHAT_URL,
}: {
  copy: Pick<HelpCopy, 'chatTitle' | 'chatFrameTitle' | 'close'>;
  context: Omit<ChatContext, 'type'>;
  onClose: () => void;
  /** The chat page's address: CHAT_URL unless a test names another. */
  chatUrl?: string;
}) {
  const dialogRef = useModalDialog<HTMLDivElement>(onClose);
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ context, onClose });
  useEffect(() => {
    latest.current = { context, onClose };
  }, [context, onClose]);
  useEffect(() => {
    const chatOrigin = new URL(chatUrl, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      const chat = frame.current?.contentWindow;
      const request = chatRequestOf(event, chat, chatOrigin);
      if (request === 'close') latest.current.onClose();
      if (request === 'ready')
        chat?.postMessage(
          chatContextFor(latest.current.context, chatOrigin, window.location.origin),
          chatOrigin,
        );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [chatUrl]);
  return createPortal(
    <div className="bf-modal-backdrop">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="bf-modal bf-chat"
        role="dialog"
        aria-modal="true"
        aria-labelledby="bf-chat-title"
      >
        <div className="bf-chat__head">
          <h2 id="bf-chat-title">{copy.chatTitle}</h2>
          <button type="button" className="bf-expert__close" aria-label={copy.close} onClick={onClose}>
            ×
          </button>
        </div>
        <iframe ref={frame} className="bf-chat__frame" src={chatUrl} title={copy.chatFrameTitle} />
      </div>
    </div>,
    document.body,
  );
}
