import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressBuild } from './vite.config.ts';

/*
 * The chat page (issue 20): a bundle of its own, served at /chat/ (src/server/plugins/spa.ts)
 * and shown by the journey in a frame, so the journey's pages download none of it until the
 * visitor opens the chat. Built after the visitor's app (whose build empties dist/app), into
 * dist/app/chat.
 */
export default defineConfig({
  plugins: [react(), precompressBuild('dist/app/chat')],
  root: 'src/chat',
  base: '/chat/',
  publicDir: false,
  build: {
    outDir: '../../dist/app/chat',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/buyonlineoauth': 'http://localhost:8080',
    },
  },
});
