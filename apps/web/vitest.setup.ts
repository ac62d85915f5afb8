import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { noMediaMatches } from './src/test/media';

// Mantine reads these browser APIs that jsdom lacks.
noMediaMatches();
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// A Textarea that grows with its text listens for web fonts to load.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
});

afterEach(() => {
  cleanup();
  // Toasts live in a store of their own, outside any one rendered tree.
  notifications.clean();
  localStorage.clear();
});
