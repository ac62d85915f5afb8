import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { screenCode } from './app/preload';
import { reloadWhenCodeIsGone } from './pwa/stale-code';
// The offline bar's few rules come with the page's own sheet: showing it never waits for a request.
import './pwa/status-bar.css';

/** How long the first render waits for the opened screen's code before it shows a spinner instead. */
const WAIT_FOR_SCREEN_CODE_MS = 1000;

const root = createRoot(document.getElementById('root')!);
let rendered = false;
function render() {
  if (rendered) return;
  rendered = true;
  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for one long task while a phone is still loading the page.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// The screen's code is already on its way (app/preload.ts). Rendered before it arrives, the page shows
// a spinner, and React then holds the screen back until 300 ms after that spinner appeared; rendered
// after, the screen is drawn in one pass. A slow network gets the spinner after a second.
void screenCode(window.location.pathname).then(render);
setTimeout(render, WAIT_FOR_SCREEN_CODE_MS);

// A screen's code gone after a new version was put up: reload to the new version once.
reloadWhenCodeIsGone();
// The installed app's parts (its service worker with the download of the app's files, the offline
// bar) once the page has loaded and the first screen has had its time, so that they never compete
// with it; at once when offline, where the bar is what matters (decision record 0087).
const PWA_AFTER_MS = 3000;
const startPwa = () => void import('./pwa/start').then((pwa) => pwa.start());
const afterLoad = () => {
  if (!navigator.onLine) startPwa();
  else
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(startPwa, { timeout: 2000 });
      else startPwa();
    }, PWA_AFTER_MS);
};
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });
