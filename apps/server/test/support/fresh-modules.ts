import { vi } from 'vitest';

// The first setup file of every test file. The project shares its workers between test files
// (isolate: false), so that the packages (Fastify, zod, Kysely, the database drivers), which Node
// loads and caches itself, are loaded once per worker rather than once per file. The server's own
// modules start afresh here, as in a worker of their own: no test file sees the module state another
// left, and the next setup file and the test file import one and the same new copy.
vi.resetModules();
