/**
 * The figures as a table on the console, as JSON (results/latest.json, not committed: it is this
 * machine's) and as docs/performance.md, rebuilt from performance.template.md on every run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { Figure } from './figures.ts';
import { BENCH_DIR, REPO_ROOT } from './processes.ts';

export interface Machine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  date: string;
  /** The 1-minute load average when the bench started: other work on the cores lowers every figure. */
  loadAverage: number;
  /** ... and when it ended, once its own servers had stopped. */
  loadAtEnd?: string;
}

/** The load averages over 1, 5 and 15 minutes. */
export function systemLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

export function machine(): Machine {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    loadAverage: loadavg()[0]!,
  };
}

function number(value: number): string {
  const abs = Math.abs(value);
  return value.toFixed(abs >= 100 ? 0 : abs >= 10 ? 1 : 2);
}

interface Row {
  figure: string;
  value: string;
  ceiling: string;
  ratio: string;
  goal: string;
  met: string;
}

function rows(figures: Figure[]): Row[] {
  return figures.map((f) => ({
    figure: f.name,
    value: Number.isNaN(f.value) ? 'not measured' : `${number(f.value)} ${f.unit}`,
    ceiling: f.ceiling ? `${number(f.ceiling.value)} ${f.unit} (${f.ceiling.name})` : '',
    ratio: f.ratio === undefined ? '' : f.ratio.toFixed(2),
    goal: f.goal ?? '',
    met: f.met === undefined ? '' : f.met ? 'yes' : 'NO',
  }));
}

const HEADINGS: Row = {
  figure: 'Figure',
  value: 'Value',
  ceiling: 'Ceiling',
  ratio: 'Ratio',
  goal: 'Goal',
  met: 'Met',
};
const COLUMNS = Object.keys(HEADINGS) as (keyof Row)[];

function notes(figures: Figure[]): string[] {
  return figures.filter((f) => f.note).map((f) => `${f.name}: ${f.note}`);
}

export function printTable(figures: Figure[]): void {
  const all = [HEADINGS, ...rows(figures)];
  const widths = COLUMNS.map((column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row: Row) => COLUMNS.map((column, i) => row[column].padEnd(widths[i]!)).join('  ');
  console.log(`\n${line(HEADINGS)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of all.slice(1)) console.log(line(row));
  console.log(
    `\nRatio: the figure against its ceiling (1 = as good as the ceiling; for times and memory ceiling / value).` +
      ` Growth rows: the time at the larger size over the same call at the smaller (1 = flat).`,
  );
  for (const note of notes(figures)) console.log(`- ${note}`);
}

function markdownTable(figures: Figure[]): string {
  const cells = (row: Row) => `| ${COLUMNS.map((column) => row[column].replace(/\|/g, '\\|')).join(' | ')} |`;
  return [cells(HEADINGS), `| ${COLUMNS.map(() => '---').join(' | ')} |`, ...rows(figures).map(cells)].join('\n');
}

export const RESULTS_DIR = join(BENCH_DIR, 'results');

/** Writes results/<name>.json, and docs/performance.md for a whole run ('latest'). */
export async function writeResults(figures: Figure[], host: Machine, command: string, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${name}.json`), `${JSON.stringify({ machine: host, command, figures }, null, 2)}\n`);
  if (name !== 'latest') return;
  const template = readFileSync(join(BENCH_DIR, 'performance.template.md'), 'utf8');
  const page = template
    .replace('{{machine}}', `${host.cores} cores (${host.cpu}), ${host.memoryGiB} GiB, Node ${host.node}`)
    .replace('{{date}}', host.date)
    .replace('{{load}}', host.loadAverage.toFixed(2))
    .replace('{{loadAtEnd}}', host.loadAtEnd ?? 'not read')
    .replace('{{command}}', command)
    .replace('{{table}}', markdownTable(figures))
    .replace(
      '{{notes}}',
      notes(figures)
        .map((note) => `- ${note}`)
        .join('\n') || '- none',
    );
  const file = join(REPO_ROOT, 'docs/performance.md');
  mkdirSync(dirname(file), { recursive: true });
  // formatted as the repository formats its documents, so that the lint passes on a fresh page
  writeFileSync(file, await format(page, { ...(await resolveConfig(file)), filepath: file }));
}
