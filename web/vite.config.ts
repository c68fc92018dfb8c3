/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Go server embeds web/dist; web/dist/.keep must survive the build so the
// embed directive compiles on a fresh clone, hence emptyOutDir: false and the
// explicit clean in scripts/clean-dist.mjs.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // maplibre-gl 6 ships its worker as an ES module (see DEPENDENCIES.md).
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
  },
  server: {
    port: 15173,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:18080', changeOrigin: false } },
  },
  preview: { port: 15173, strictPort: true },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 30000,
    // notistack's CommonJS build exports enqueueSnackbar only once a provider mounts,
    // which Node's named-export snapshot never sees: use its ES build in tests.
    alias: { notistack: fileURLToPath(new URL('./node_modules/notistack/notistack.esm.js', import.meta.url)) },
    server: { deps: { inline: ['notistack'] } },
  },
});
