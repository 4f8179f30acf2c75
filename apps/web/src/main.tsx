import './app/global.css';

/**
 * The entry, kept to a few lines: a prerendered screen (the sign-in screen, its document built by
 * vite.config.ts) is painted before the app's code is fetched, which its document lists in a
 * template rather than preloading it beside the document; its inline script
 * (@portal/shared/early-input-script) starts those fetches once the page has painted, and holds what
 * the person does until the app has it. On a slow phone the form then shows as soon as its HTML and
 * styles are there, not once the browser has also fetched and compiled the code. Any other page
 * starts the app at once, its code preloaded by index.html.
 */
const afterPaint = document.querySelector<HTMLTemplateElement>('template[data-after-paint]');

/** Settles once the browser has painted the frame it was about to draw. */
function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function start() {
  // the inline script has put the template's preloads in the head by then: the app, its language's
  // pack and the screen's own code, fetched side by side
  if (afterPaint) await painted();
  await import('./start');
}

void start();
