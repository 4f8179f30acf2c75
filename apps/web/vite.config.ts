import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // The Node server owns /api; in development Vite serves the UI and forwards the calls to it.
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
});
