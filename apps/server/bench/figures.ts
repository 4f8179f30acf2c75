/**
 * One measured figure of `npm run bench`, shared by the server and the browser
 * measurements so that both land in the same table, JSON and docs page.
 *
 * A figure is only meaningful beside a ceiling measured on the same machine in
 * the same run: `ratio` is value / ceiling.value when higher is better, and
 * ceiling.value / value when lower is better (latency, memory), so a ratio of 1
 * always means "as good as the ceiling".
 */
export interface Figure {
  /** What was measured, e.g. "GET portal/info (SQLite)". */
  name: string;
  /** NaN when it could not be measured on this machine; the note says why. */
  value: number;
  /** "req/s", "ms", "MiB", "s", "KiB", "score" ... */
  unit: string;
  /** The same measurement on the simplest thing that could do the job. */
  ceiling?: { name: string; value: number };
  ratio?: number;
  /** The goal in words, e.g. "ratio >= 0.35" or "<= 120 MiB". */
  goal?: string;
  /** Whether the goal was reached; absent when there is no goal. */
  met?: boolean;
  /** Anything that qualifies the figure: throttles met, a saturated driver ... */
  note?: string;
}
