import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // one worker and its jsdom run many files: antd and React load once per worker, the app's modules
    // afresh per file (fresh-modules.ts), and setup.ts clears the document after each file
    isolate: false,
    // after the shared rules and the server (apps/server/vitest.config.ts says why)
    sequence: { groupOrder: 2 },
    setupFiles: ['./src/test/fresh-modules.ts', './src/test/setup.ts'],
    // Each test takes well under 2.5 s on an idle 2-core machine; the limit only catches a test that
    // hangs, and leaves room for a machine busy with anything else.
    testTimeout: 30_000,
  },
});
