// Vite build and dev server of the web app (DESIGN §6). `npx vite build packages/web` writes dist/,
// which the server serves with an SPA fallback; the dev server proxies the API to the local server.
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))
const api = process.env.SEXTANT_API_URL ?? 'http://localhost:8080'

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // the libraries in one chunk: split along the lazy pages, they would come as dozens of small files,
    // each one more request before the report page can start (issue 19 acceptance 4)
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/admin': { target: api, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/admin': { target: api, changeOrigin: true },
    },
  },
})
