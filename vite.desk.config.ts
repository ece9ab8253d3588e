import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressBuild } from './vite.config.ts';

/*
 * The operations desk (issue 20): a bundle of its own, served at /desk/ (src/server/plugins/spa.ts),
 * so nothing of it reaches a visitor's phone. Built after the visitor's app, into dist/app/desk.
 */
export default defineConfig({
  plugins: [react(), precompressBuild('dist/app/desk')],
  root: 'src/desk',
  base: '/desk/',
  publicDir: false,
  build: {
    outDir: '../../dist/app/desk',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/desk/api': 'http://localhost:8080',
    },
  },
});
