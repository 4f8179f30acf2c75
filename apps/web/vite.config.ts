import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Compressed once at build, at the highest levels, beside each file: the server sends the .br or
    // .gz a browser accepts. Below 1 kB compression saves less than the headers it costs.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    // The Node server owns /api; in development Vite serves the UI and forwards the calls to it.
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen needs, read by scripts/size.mjs.
    manifest: true,
  },
});
