import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { startChunk } from './build/chunks';
import { routePreloads } from './build/route-preloads';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Reuzado Portaal',
        short_name: 'Portaal',
        description: 'Logistiek van IT-hardware: voorraad, voormeldingen, leveringen en reparaties.',
        lang: 'nl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f4f6f9',
        theme_color: '#1f4e79',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    routePreloads(fileURLToPath(new URL('./src/router.tsx', import.meta.url))),
    precompress(),
  ],
  resolve: { alias: { '@domain': fileURLToPath(new URL('./domain', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: process.env.SOURCEMAP === '1',
    chunkSizeWarningLimit: 1500,
    rollupOptions: { output: { manualChunks: startChunk('index') } },
  },
});
