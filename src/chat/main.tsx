import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserApi } from '../api/browserApi.ts';
import { ChatConversation, sessionKeyStore } from './chatConversation.ts';
import { ChatPage } from './ChatPage.tsx';
import { listenToParent } from './parentContext.ts';
import './chat.css';

// One conversation per browser tab: its key is kept in the tab's sessionStorage, so the chat
// goes on across the journey's pages and reloads, and ends with the tab.
const conversation = new ChatConversation(browserApi(), sessionKeyStore());
const framed = window.parent !== window;
listenToParent(conversation.setContext);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatPage conversation={conversation} framed={framed} />
  </StrictMode>,
);
