import { useState } from 'react';
import { CHAT_REFRESH_MS, ChatThreadView } from './ChatThreadView.tsx';
import { deskApi, type ChatSummary } from './deskApi.ts';
import { formatIndiaDateTime } from './indiaTime.ts';
import { Failure, Notice, Progress } from './Status.tsx';
import { useLoad } from './useLoad.ts';

/** Open conversations, newest activity first, those waiting for an answer flagged; one open to answer. */
export function ChatsSection() {
  const list = useLoad('chats:open', (signal) => deskApi.chats('open', signal), CHAT_REFRESH_MS);
  const [openId, setOpenId] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const items = list.data?.items ?? [];

  return (
    <div className="desk-chats">
      <section aria-labelledby="desk-chats-open" className="desk-chat-list">
        <h2 id="desk-chats-open">
          Open chats <span className="desk-count">({items.length})</span>
        </h2>
        <Notice message={notice} />
        <Failure message={list.error} />
        {list.loading && <Progress>Loading chats…</Progress>}
        {list.data && !items.length && <p className="desk-empty">No chat is open.</p>}
        <ul className="desk-cards">
          {items.map((chat) => (
            <li key={chat.id}>
              <button
                type="button"
                className={chat.id === openId ? 'desk-chat-item desk-chat-item--open' : 'desk-chat-item'}
                aria-current={chat.id === openId ? 'true' : undefined}
                onClick={() => {
                  setNotice(undefined);
                  setOpenId(chat.id);
                }}
              >
                <ChatSummaryText chat={chat} />
              </button>
            </li>
          ))}
        </ul>
      </section>
      {openId && (
        <ChatThreadView
          key={openId}
          id={openId}
          onClosed={() => {
            setOpenId(undefined);
            setNotice('The chat is closed.');
            list.reload();
          }}
          onAnswered={list.reload}
        />
      )}
    </div>
  );
}

function ChatSummaryText({ chat }: { chat: ChatSummary }) {
  return (
    <>
      <span className="desk-chat-item__title">
        {chat.planName ?? chat.productId ?? 'No plan'}
        {chat.step ? ` · ${chat.step}` : ''}
      </span>
      {chat.waiting && <span className="desk-badge">Waiting for an answer</span>}
      <span className="desk-muted">
        {chat.messageCount} message{chat.messageCount === 1 ? '' : 's'} · last{' '}
        {formatIndiaDateTime(chat.lastMessageAt)}
        {chat.applicationNumber ? ` · application ${chat.applicationNumber}` : ''}
      </span>
    </>
  );
}
