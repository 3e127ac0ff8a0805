import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { voiceDataPlugin } from './scripts/voice-data-plugin';

/** The theme colour of the installed app (its icons' background and the phone's status bar). */
const THEME_COLOUR = '#0f172a';
/** The page's own background, so the splash screen before the first paint does not flash. */
const BACKGROUND_COLOUR = '#f5f6f8';

// The relay serves this build at `/` under a strict CSP (no inline script or style, no eval),
// so nothing may be inlined into index.html and workers are emitted as their own module files.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [
    react(),
    // The on-device voice's data, one file per language beside a shared part (fetched on demand).
    voiceDataPlugin({ emit: true }),
    // The installable app: manifest.webmanifest (its <link> added to index.html) and /sw.js built
    // from src/sw/sw.ts with the build's file list written in. Registered by src/pwa, not by an
    // inline script the policy would refuse.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      // Every file of the build is listed once, by the glob below.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Ringback',
        short_name: 'Ringback',
        description: 'Ringback phones you when your coding agent finishes a turn.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        lang: 'en',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // A classic script: every browser with push runs it (module workers are not everywhere yet).
        rollupFormat: 'iife',
        // The app shell only: html, scripts (the on-device voice's worker among them), styles,
        // icons. Not the voice's data (assets/espeak-ng/*.bin): the eSpeak NG worker downloads
        // and keeps a language's part the first time it speaks it (see voice-data-store.ts).
        globPatterns: ['**/*.{html,js,css,svg,png}'],
        // The worker uses a few pure functions of packages whose index also starts machines and
        // their libraries; nothing it imports is needed for its side effects, so only what it
        // calls is bundled (a worker a push wakes should start quickly).
        rollupOptions: { treeshake: { moduleSideEffects: false } },
      },
    }),
  ],
  worker: { format: 'es', plugins: () => [voiceDataPlugin({ emit: false })] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
  },
  server: { port: 5173 },
});
