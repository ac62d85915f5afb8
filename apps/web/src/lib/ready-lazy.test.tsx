import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isLoaded, loadOnce, readyLazy } from './ready-lazy';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A load the test settles itself, as the network would. */
function deferredLoad() {
  let arrive!: () => void;
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve) => {
        arrive = () => resolve(Greeting);
      }),
  );
  return { load, arrive: () => arrive() };
}

describe('loadOnce', () => {
  it('loads once and tells when the load has arrived', async () => {
    const { load, arrive } = deferredLoad();
    const once = loadOnce(load);
    const first = once();
    expect(once()).toBe(first);
    expect(isLoaded(first)).toBe(false);
    arrive();
    await first;
    expect(isLoaded(first)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the outcome of a load it wraps again', async () => {
    const { load, arrive } = deferredLoad();
    const once = loadOnce(load);
    const loading = once();
    arrive();
    await loading;
    const again = loadOnce(once);
    expect(isLoaded(again())).toBe(true);
  });
});

describe('readyLazy', () => {
  it('renders in the first pass, without its fallback, when its code has already arrived', async () => {
    const { load, arrive } = deferredLoad();
    const Lazy = readyLazy(load);
    const loading = Lazy.preload();
    arrive();
    await loading;
    const Fallback = vi.fn(() => <p>Loading...</p>);
    render(
      <Suspense fallback={<Fallback />}>
        <Lazy name="Asha" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Asha')).toBeInTheDocument();
    expect(Fallback).not.toHaveBeenCalled();
  });

  it('shows the fallback while its code is on the way, then the component', async () => {
    const { load, arrive } = deferredLoad();
    const Lazy = readyLazy(load);
    // Awaited: a render that suspends on `use` inside act finishes only when its act is awaited.
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading...</p>}>
          <Lazy name="Ravi" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => {
      arrive();
      await Lazy.preload();
    });
    expect(await screen.findByText('Hello Ravi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
