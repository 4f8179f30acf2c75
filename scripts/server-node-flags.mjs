/**
 * The V8 flags the server runs with, given on its command line by `npm start` (scripts/start.mjs), by
 * the bench, and in the operators' service files: V8 reads them once, as the heap is set up, so the
 * server cannot set them for itself.
 *
 * `--max-semi-space-size`: on a machine with many GiB, V8 lets the young generation grow to 64 MiB per
 * semi-space under load and keeps it at that size once idle, which left the portal 70-80 MiB larger
 * after 10,000 requests than before them and never gave it back. A request's garbage is short-lived
 * and small, so 16 MiB semi-spaces hold a request's worth many times over, and the scavenges stay
 * cheap; the memory after a load stays within 20 MiB of idle.
 */
export const SERVER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=16']);
