import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '../../../engine/form/useModalDialog.ts';
import { CHAT_READY, type ChatContext } from '../../shared/chatApi.ts';

/**
 * Where the chat page is (spec 02 §2.9: loaded inside a frame): our server's own /chat/ unless
 * the build names another address (VITE_CHAT_URL; the server's CHAT_URL lets the page frame it).
 */
export const CHAT_URL: string = import.meta.env.VITE_CHAT_URL ?? '/chat/';

/**
 * 'Start a conversation with a life insurance expert' (spec 02 §2.9): the chat page in a
 * frame. Once the page says it is ready, it is told where the visitor is (plan, step, and the
 * application with its capability, so the desk sees it) — only if it is the chat page's own origin.
 */
export function ChatDialog({
  context,
  onClose,
}: {
  context: Omit<ChatContext, 'type'>;
  onClose: () => void;
}) {
  const dialogRef = useModalDialog<HTMLDivElement>(onClose);
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(context);
  useEffect(() => {
    latest.current = context;
  }, [context]);
  useEffect(() => {
    const origin = new URL(CHAT_URL, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type !== CHAT_READY.type) return;
      const message: ChatContext = { type: 'bimaflow:chat-context', ...latest.current };
      frame.current?.contentWindow?.postMessage(message, origin);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
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
          <h2 id="bf-chat-title">Start a conversation with a life insurance expert</h2>
          <button type="button" className="bf-expert__close" aria-label="Close the chat" onClick={onClose}>
            ×
          </button>
        </div>
        <iframe
          ref={frame}
          className="bf-chat__frame"
          src={CHAT_URL}
          title="Chat with a life insurance expert"
        />
      </div>
    </div>,
    document.body,
  );
}
