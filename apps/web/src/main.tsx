import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { screenCode } from './app/preload';

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
