import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterLoadIdle } from './after-load.ts';
import { useInteractive } from './shell.ts';

describe('afterLoadIdle', () => {
  it('waits until the app has drawn the page, not only for the load event', async () => {
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
    const run = vi.fn();
    const cancel = afterLoadIdle(run);
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(run).not.toHaveBeenCalled();
  });
});
