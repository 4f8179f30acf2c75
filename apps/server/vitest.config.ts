import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // one worker runs many files: the packages load once per worker, the server's modules afresh per
    // file (fresh-modules.ts); the files share no server state, each app and database being their own
    isolate: false,
    // a worker is kept for the next file of the same project only: the projects run one after another
    // (shared, server, web), each on every core, rather than interleaved, which would load every
    // package again at each switch
    sequence: { groupOrder: 1 },
    setupFiles: [
      './test/support/fresh-modules.ts',
      // a test whose calls answer codes their declarations do not list fails
      './test/support/undeclared-codes.ts',
    ],
    // real databases and argon2: a test asserts behaviour, not speed, and must pass on a 2-core machine
    // that is busy with anything else (a first `npm test` beside a browser and a build): the limit only
    // catches a test that hangs
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
