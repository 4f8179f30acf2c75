import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { THEME_MODES, type ThemeMode } from '@portal/shared/constants';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import { readPreferences } from './lib/storage';
import { PortalApp, routeLoaded } from './prerender-tree';
import { usePreferences } from './stores/preferences-store';

// The app's start, imported by the entry (main.tsx): on a prerendered page once it has painted.
const container = document.getElementById('root')!;

function isThemeMode(value: unknown): value is ThemeMode {
  return (THEME_MODES as readonly unknown[]).includes(value);
}

/**
 * What a person typed or chose in the prerendered form before React took over: React leaves it on
 * screen, but the form's state does not know it. React tells a change by the value it last saw on
 * the field, which hydration takes from the screen: the field is shown the prerendered value through
 * React's eyes and the typed one through the browser's own setter, then reports the change.
 */
function adoptEarlyInput() {
  const native = (name: 'value' | 'checked') => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, name)!.set!;
  for (const input of container.querySelectorAll('input')) {
    if (input.type === 'radio' || input.type === 'checkbox') {
      if (input.checked === input.defaultChecked) continue;
      input.checked = input.defaultChecked;
      native('checked').call(input, !input.defaultChecked);
      // a click event without the click's action: React reads the state and reports it
      input.dispatchEvent(new Event('click', { bubbles: true }));
    } else if (input.value !== input.defaultValue) {
      const typed = input.value;
      input.value = input.defaultValue;
      native('value').call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** What the prerendered page's inline script hands to the app once React has taken the page over. */
interface EarlyInput {
  /** The tab chosen last, already shown: the app selects it too. */
  tab: HTMLElement | null;
  /** A button pressed before the app ran: the app presses it again. */
  press: HTMLElement | null;
  /** A form sent before the app ran: the app sends it again, with what was typed. */
  form: HTMLFormElement | null;
  submitter: HTMLElement | null;
}

declare global {
  interface Window {
    /** The prerendered page's inline script (@portal/shared/early-input-script) hands over what the
     *  person did before React ran, and stops listening. */
    __portalEarlyInput?: () => EarlyInput;
  }
}

/**
 * What the person did on the prerendered page before React listened, done again through React once it
 * has the page: the tab they chose (already shown), what they typed or chose, then the button they
 * pressed or the form they sent (shown pressed meanwhile). The inline script held every press until
 * hydration began, so React never sees one twice.
 */
function replayEarlyInput(early: EarlyInput | undefined) {
  if (early?.tab?.isConnected) early.tab.click();
  adoptEarlyInput();
  if (early?.press?.isConnected) early.press.click();
  const { form, submitter } = early ?? {};
  if (form?.isConnected) form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
}

/**
 * A sign-in page prerendered at build (the server chose it by the language and theme cookies) is
 * hydrated in the language and theme it is drawn in. A device whose stored theme differs (its theme
 * cookie is missing) switches to it right after hydration, as React requires the first render to
 * match the markup. A device that has stored none keeps the served one.
 */
function hydrate(router: DataRouter) {
  const servedMode = document.documentElement.dataset.theme;
  const storedMode = readPreferences().mode;
  const served = isThemeMode(servedMode) ? servedMode : usePreferences.getState().mode;
  const stored = isThemeMode(storedMode) ? storedMode : served;
  // zustand hydrates from the store's initial state, which is the stored one: the served one instead
  Object.assign(usePreferences.getInitialState(), { mode: served });
  if (served !== usePreferences.getState().mode) usePreferences.setState({ mode: served });
  // React listens from hydrateRoot on, and answers a press during hydration by finishing it at once:
  // the inline script stops holding presses here, in the same task, and what it held is done again
  // once React has the page
  const early = window.__portalEarlyInput?.();
  const hydrated = () => {
    if (stored !== served) usePreferences.setState({ mode: stored });
    replayEarlyInput(early);
  };
  // in a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole tree: the drawn page answers the person meanwhile
  startTransition(() => {
    hydrateRoot(container, <PortalApp router={router} onMounted={hydrated} />);
  });
}

/** Lets the browser answer the person (and paint) between two steps of the start. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The start in steps, each a task of its own: on a slow phone, running the modules, making the
 * router and hydrating in one go held the main thread for half a second.
 */
async function start() {
  await yieldToBrowser();
  const router = createAppRouter();
  // The page's language arrives first, so that no screen shows up without its words. i18next settles
  // this even when the download fails (then the keys show), so the app always starts.
  await i18nReady;
  if (container.hasChildNodes()) {
    // a prerendered screen loaded on demand is hydrated once its code is here, not the loading screen
    await routeLoaded(router);
    await yieldToBrowser();
    hydrate(router);
  } else createRoot(container).render(<PortalApp router={router} />);
}

void start();
