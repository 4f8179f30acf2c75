/**
 * Node's notices that Web Crypto's `supports()` and its ML-DSA algorithms are experimental: the
 * passkey library asks `supports()` which key algorithms this Node verifies, ML-DSA among them, on
 * the first passkey a server sees, and Node writes both to stderr. They name nothing an operator can
 * act on and read like faults in the log. Every other warning is written as Node writes it.
 */
const QUIET = [
  /^The supports Web Crypto API method is an experimental feature/,
  /^The ML-DSA-\d+ Web Crypto API algorithm is an experimental feature/,
];

export function isQuietWarning(warning: Error): boolean {
  return warning.name === 'ExperimentalWarning' && QUIET.some((pattern) => pattern.test(warning.message));
}

/** Puts a filter before Node's own writer of warnings (the 'warning' listeners it installed). */
export function quietExperimentalWarnings(): void {
  const writers = process.listeners('warning');
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (isQuietWarning(warning)) return;
    for (const write of writers) write.call(process, warning);
  });
}
