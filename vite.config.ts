import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client is built into dist/client, which wrangler serves as static assets; the Worker
// injects each page's data into dist/client/index.html.
export default defineConfig({
  root: 'client',
  publicDir: '../public',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: 'assets',
  },
});
