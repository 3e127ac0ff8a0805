import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The relay serves this build at `/` under a strict CSP (no inline script or style, no eval),
// so nothing may be inlined into index.html and workers are emitted as their own module files.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
  },
  server: { port: 5173 },
});
