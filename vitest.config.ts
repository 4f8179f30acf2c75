import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One runner for the three workspaces; `--project server` runs the server suite alone. */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest leaves one core free by default, which on a 2-core machine runs the files one by one;
    // the suite waits on I/O (databases, child processes) often enough to use every core.
    maxWorkers: availableParallelism(),
  },
});
