import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/**
 * The page becomes interactive once per load: each test starts from modules of its own, as a page
 * load does, whatever test files ran before in the same worker.
 */
async function freshModules() {
  vi.resetModules();
  const { afterLoadIdle } = await import('./after-load.ts');
  const { useInteractive } = await import('./shell.ts');
  return { afterLoadIdle, useInteractive };
}

describe('afterLoadIdle', () => {
  it('waits until the app has drawn the page, not only for the load event', async () => {
    const { afterLoadIdle, useInteractive } = await freshModules();
    // A prerendered page has loaded (readyState 'complete') before the app's script has even run.
    expect(document.readyState).toBe('complete');
    const run = vi.fn();
    afterLoadIdle(run);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(run).not.toHaveBeenCalled();

    renderHook(() => useInteractive());
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(document.documentElement).toHaveAttribute('data-interactive');
  });

  it('can be cancelled before it runs', async () => {
    const { afterLoadIdle } = await freshModules();
    const run = vi.fn();
    const cancel = afterLoadIdle(run);
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(run).not.toHaveBeenCalled();
  });
});

describe('inTurn', () => {
  it('starts each load once the one asked for before it has finished, failed ones included', async () => {
    vi.resetModules();
    const { inTurn } = await import('./after-load.ts');
    const events: string[] = [];
    const piece =
      (name: string, fail = false) =>
      () =>
        new Promise<string>((resolve, reject) => {
          events.push(`start ${name}`);
          setTimeout(() => {
            events.push(`end ${name}`);
            if (fail) reject(new Error(name));
            else resolve(name);
          }, 20);
        });
    const first = inTurn(piece('chat'));
    const second = inTurn(piece('bell', true));
    const third = inTurn(piece('count'));
    // Asked for together, none has started yet: each waits for the main thread to be idle.
    expect(events).toEqual([]);
    await expect(first).resolves.toBe('chat');
    await expect(second).rejects.toThrow('bell');
    await expect(third).resolves.toBe('count');
    expect(events).toEqual(['start chat', 'end chat', 'start bell', 'end bell', 'start count', 'end count']);
  });
});
