/**
 * The browser figures of `npm run bench`: what the portal's production web build costs before its
 * sign-in form exists, beside a bare React page built and served in the same run.
 */
import { chromium } from '@playwright/test';
import type { Figure } from '../figures.ts';
import { startBareReactPage } from './bare-react-server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { type FirstScreen, SLOW_CONDITIONS, loadFirstScreen } from './first-screen.ts';
import { type LighthouseScores, startLighthouse } from './lighthouse-scores.ts';

const RUNS = 3;
const BARE = 'bare React page';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

/** Figures where less is better: the ratio says how close the portal comes to the bare page. */
function lowerIsBetter(name: string, value: number, unit: string, ceiling: number, extra: Partial<Figure>): Figure {
  return { name, value, unit, ceiling: { name: BARE, value: ceiling }, ratio: round(ceiling / value, 3), ...extra };
}

interface Loads {
  portal: FirstScreen[];
  bare: FirstScreen[];
}

function loadFigures(label: string, conditions: string, loads: Loads, goalMs: number | null): Figure {
  const portal = median(loads.portal.map((l) => l.lcpMs));
  const bare = median(loads.bare.map((l) => l.lcpMs));
  const elements = [...new Set(loads.portal.map((l) => l.lcpElement))].join(', ');
  return lowerIsBetter(`LCP /login, ${label}`, Math.round(portal), 'ms', Math.round(bare), {
    // at most the bare page's, and at most the goal
    ...(goalMs === null ? {} : { goal: `<= ${goalMs} ms and <= bare`, met: portal <= goalMs && portal <= bare }),
    note: `median of ${RUNS} cold loads in Chromium as Lighthouse's mobile device, ${conditions}; LCP element ${elements}`,
  });
}

/** When the form answers: the prerendered one shows before, and holds what is done meanwhile. */
function answerFigure(label: string, conditions: string, loads: Loads): Figure {
  const portal = Math.round(median(loads.portal.map((l) => l.answersMs)));
  const bare = Math.round(median(loads.bare.map((l) => l.answersMs)));
  return lowerIsBetter(`/login form answers, ${label}`, portal, 'ms', bare, {
    note: `median of ${RUNS} cold loads, ${conditions}: React has the form (the prerendered page shows it before, and holds what is typed or pressed meanwhile)`,
  });
}

function scriptFigures(loads: Loads): Figure[] {
  const kB = (screens: FirstScreen[]) => round(median(screens.map((l) => l.scriptBytes)) / 1000, 1);
  const files = (screens: FirstScreen[]) => median(screens.map((l) => l.scripts));
  const portalKb = kB(loads.portal);
  const encodings = [...new Set(loads.portal.flatMap((l) => l.encodings))].join('/');
  return [
    lowerIsBetter('JS before the /login form answers, on the wire', portalKb, 'kB', kB(loads.bare), {
      goal: '<= 200 kB',
      met: portalKb <= 200,
      note: `encoded body bytes of the scripts whose fetch began before React had the sign-in form, served as ${encodings}`,
    }),
    lowerIsBetter('JS files before the /login form answers', files(loads.portal), 'files', files(loads.bare), {}),
  ];
}

function lighthouseFigures(portal: LighthouseScores[], bare: LighthouseScores): Figure[] {
  const score = (name: string, value: number, ceiling: number, goal: string, met: boolean, note: string): Figure => ({
    name,
    value,
    unit: 'score',
    ceiling: { name: BARE, value: ceiling },
    ratio: round(value / ceiling, 3),
    goal,
    met,
    note,
  });
  // the goal is every run's, so the figure is the lowest, with each run's own beside it
  const worst = portal.reduce((low, run) => (run.performance < low.performance ? run : low));
  const runs = portal.map((run) => run.performance).join(', ');
  return [
    score(
      'Lighthouse performance /login (mobile)',
      worst.performance,
      bare.performance,
      `>= 95 in ${portal.length} runs of ${portal.length}`,
      portal.every((run) => run.performance >= 95),
      `runs ${runs}; simulated Slow 4G + 4x CPU; the lowest run: Lighthouse LCP ${(worst.lcpMs / 1000).toFixed(1)} s (bare ${(bare.lcpMs / 1000).toFixed(1)} s); ${worst.metrics}; machine benchmark index ${Math.round(worst.benchmarkIndex)}`,
    ),
    score(
      'Lighthouse accessibility /login',
      Math.min(...portal.map((run) => run.accessibility)),
      bare.accessibility,
      '= 100',
      portal.every((run) => run.accessibility === 100),
      'automated audits only',
    ),
  ];
}

function notMeasured(reason: string): Figure[] {
  return ['Lighthouse performance /login (mobile)', 'Lighthouse accessibility /login'].map((name) => ({
    name,
    value: Number.NaN,
    unit: 'score',
    note: `not measured: ${reason}`,
  }));
}

/** Tries of one load: a page load that fails once (a crashed renderer, a navigation timeout on a
 *  busy machine) is tried again rather than losing every figure of the run. */
const LOAD_TRIES = 3;

async function measureLoads(
  portalUrl: string,
  bareUrl: string,
): Promise<{ local: Loads; slow: Loads; retries: string[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const retries: string[] = [];
  const load = async (url: string, throttled: boolean) => {
    for (let tried = 1; ; tried++)
      try {
        return await loadFirstScreen(browser, url, throttled);
      } catch (error) {
        if (tried === LOAD_TRIES) throw error;
        retries.push(
          `${url === portalUrl ? 'portal' : BARE}${throttled ? ', throttled' : ''}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      }
  };
  try {
    const local: Loads = { portal: [], bare: [] };
    const slow: Loads = { portal: [], bare: [] };
    // interleaved, so that whatever else the machine does falls on both pages alike
    for (let run = 0; run < RUNS; run++) {
      local.portal.push(await load(portalUrl, false));
      local.bare.push(await load(bareUrl, false));
      slow.portal.push(await load(portalUrl, true));
      slow.bare.push(await load(bareUrl, true));
    }
    return { local, slow, retries };
  } finally {
    await browser.close();
  }
}

/** The load figures' names, for a run whose loads failed every try: said, not left out. */
const LOAD_FIGURES = [
  ['JS before the /login form answers, on the wire', 'kB'],
  ['JS files before the /login form answers', 'files'],
  ['LCP /login, localhost', 'ms'],
  ['LCP /login, Slow 4G + 4x CPU', 'ms'],
  ['/login form answers, Slow 4G + 4x CPU', 'ms'],
] as const;

async function loadFigureSet(portalUrl: string, bareUrl: string): Promise<Figure[]> {
  try {
    const { local, slow, retries } = await measureLoads(portalUrl, bareUrl);
    const figures = [
      ...scriptFigures(local),
      loadFigures('localhost', 'no throttling', local, null),
      loadFigures('Slow 4G + 4x CPU', SLOW_CONDITIONS, slow, 1800),
      answerFigure('Slow 4G + 4x CPU', SLOW_CONDITIONS, slow),
    ];
    const limited = [...local.portal, ...slow.portal].reduce((sum, l) => sum + l.tooManyRequests, 0);
    const warnings = [
      ...(limited ? [`${limited} answers 429 from the portal during the loads`] : []),
      ...(retries.length ? [`loads tried again: ${retries.join('; ')}`] : []),
    ];
    for (const warning of warnings)
      for (const figure of figures) figure.note = figure.note ? `${figure.note}; ${warning}` : warning;
    return figures;
  } catch (error) {
    const reason = `not measured: a load failed ${LOAD_TRIES} times (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    return LOAD_FIGURES.map(([name, unit]) => ({ name, value: Number.NaN, unit, note: reason }));
  }
}

async function measureLighthouse(portalUrl: string, bareUrl: string): Promise<Figure[]> {
  let runner;
  try {
    runner = await startLighthouse();
    const portal: LighthouseScores[] = [];
    for (let run = 0; run < RUNS; run++) portal.push(await runner.score(portalUrl));
    return lighthouseFigures(portal, await runner.score(bareUrl));
  } catch (error) {
    // reported, not faked, and the other figures still stand
    return notMeasured(error instanceof Error ? error.message : String(error));
  } finally {
    runner?.close();
  }
}

/** `portalUrl`: the running portal serving the production build (apps/web/dist). */
export async function measureWebFigures(options: { portalUrl: string }): Promise<Figure[]> {
  const portalUrl = new URL('/login', options.portalUrl).href;
  const bare = await startBareReactPage();
  try {
    // the loads and Lighthouse each stand alone: one failing leaves the other's figures
    return [...(await loadFigureSet(portalUrl, bare.url)), ...(await measureLighthouse(portalUrl, bare.url))];
  } finally {
    await bare.close();
  }
}
