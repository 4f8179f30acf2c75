import { defineConfig } from 'vitest/config';

/** One runner for the three workspaces; `--project server` runs the server suite alone. */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
