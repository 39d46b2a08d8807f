import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStartingNetwork } from '../../lib/network.ts';
import { mockFetch, renderRoute } from '../../test/render.tsx';

/** Issue 22: the app opened without the network shows why, in place of pages that would only spin. */
const fetchMock = mockFetch();

function openOffline() {
  document.documentElement.setAttribute('data-offline', '');
  readStartingNetwork();
}

afterEach(() => {
  document.documentElement.removeAttribute('data-offline');
  readStartingNetwork();
});

describe('the offline screen', () => {
  it('stands in for the page, says so in English, and a retry that reaches the server brings the page back', async () => {
    openOffline();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderRoute('/settings');
    expect(await screen.findByTestId('offline-screen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Still no connection. Try again in a moment.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/health/ready', { cache: 'no-store' });
    fetchMock.mockResolvedValue(new Response('{"status":"ok"}', { status: 200 }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('offline-screen')).not.toBeInTheDocument());
    expect(await screen.findByTestId('settings-page')).toBeInTheDocument();
  });

  it('is in Arabic in the Arabic app, and goes when the browser is back online', async () => {
    openOffline();
    renderRoute('/settings', 'ar');
    expect(await screen.findByRole('heading', { name: 'أنت غير متصل بالإنترنت' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByTestId('offline-screen')).not.toBeInTheDocument());
  });

  it('leaves a page already open in place when the network goes, with a notice', async () => {
    const network = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    readStartingNetwork();
    renderRoute('/settings');
    expect(await screen.findByTestId('settings-page')).toBeInTheDocument();
    network.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByTestId('offline-notice')).toHaveTextContent(
      "You're offline. What you see may be out of date.",
    );
    expect(screen.getByTestId('settings-page')).toBeInTheDocument();
    network.mockRestore();
  });
});
