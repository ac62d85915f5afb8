import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread for one long task while a phone is still loading the page.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
