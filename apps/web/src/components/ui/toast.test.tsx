import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { clearToasts, showToast } from './toast.tsx';

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows stacked toasts with role status and removes them after 3000 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
    act(() => {
      showToast('First');
    });
    act(() => {
      vi.advanceTimersByTime(1000);
      showToast('Second', 'success');
    });
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['First', 'Second']);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Second']);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('shows a repeated message once and restarts its timer', () => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
    act(() => {
      showToast('Same');
    });
    act(() => {
      vi.advanceTimersByTime(2500);
      showToast('Same');
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('can be dismissed', async () => {
    renderWithProviders(<div />);
    act(() => {
      showToast('Bye');
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Bye')).not.toBeInTheDocument();
  });
});
