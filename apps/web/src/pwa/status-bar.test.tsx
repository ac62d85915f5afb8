import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusBar, updateStore } from './status-bar';

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  setOnline(true);
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the bar of the app’s state', () => {
  it('shows nothing while online with nothing waiting', () => {
    const { container } = render(<StatusBar updates={updateStore()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says a new version is ready, and Reload starts it', async () => {
    const updates = updateStore();
    render(<StatusBar updates={updates} />);
    const reload = vi.fn();
    act(() => updates.set({ reload }));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says the device is offline, and since when what it shows was fetched', async () => {
    setOnline(false);
    // The worker answers when the oldest answer it gave this page from its cache was fetched.
    const postMessage = vi.fn((_message: unknown, [port]: MessagePort[]) =>
      port!.postMessage({ asOf: '2026-12-07T03:42:00.000Z' }),
    );
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage } },
    });
    render(<StatusBar updates={updateStore()} />);
    expect(await screen.findByText(/^Offline — as of \d{1,2}:42/)).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledWith({ type: 'as-of' }, expect.any(Array));
  });

  it('says only “Offline” when no worker kept anything', async () => {
    setOnline(false);
    render(<StatusBar updates={updateStore()} />);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Offline$/);
  });

  it('comes and goes with the network', () => {
    render(<StatusBar updates={updateStore()} />);
    expect(screen.queryByRole('status')).toBeNull();
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
