/** Builds the bench's hand-written Arco table page; bench/admin-first-row.ts passes the base it serves it under. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // As in the portal's build: the browser's own ResizeObserver instead of Arco's polyfill.
    alias: {
      'resize-observer-polyfill': fileURLToPath(
        new URL('../../src/widgets/native-resize-observer.ts', import.meta.url),
      ),
    },
  },
  // One file on purpose (a hand-written page as a developer would ship it): no warning for its size.
  build: { target: 'es2022', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
});
