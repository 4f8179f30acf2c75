import { vi } from 'vitest';

// The first setup file of every test file. The project shares its workers, and their jsdom, between
// test files (isolate: false), so that antd, React and the other packages, which Node loads and caches
// itself, are loaded once per worker rather than once per file. The app's own modules start afresh
// here, as in a worker of their own: its stores, query client and i18n instance are new, a file's
// vi.mock reaches every importer, and setup.ts and the test file import one and the same new copy.
// What the shared document keeps, setup.ts clears after each file.
vi.resetModules();
