import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getItem } from './storage.ts';
import { getTheme, setTheme, THEME_COLORS } from './theme.ts';

describe('theme', () => {
  it('defaults to light', () => {
    expect(getTheme()).toBe('light');
  });

  it('reads the older darkMode flag when no theme is stored', () => {
    localStorage.setItem('darkMode', 'true');
    expect(getTheme()).toBe('dark');
  });

  it('persists the theme, keeps darkMode in step and applies the class after the next frame', async () => {
    setTheme('dark');
    expect(getItem('theme')).toBe('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    setTheme('light');
    expect(localStorage.getItem('darkMode')).toBe('false');
    await waitFor(() => expect(document.documentElement).not.toHaveClass('dark'));
  });

  it('applies the last theme chosen when two clicks come within one frame', async () => {
    setTheme('dark');
    setTheme('light');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("keeps the browser's bar colour in step with the toggle, not the system's preference", async () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    setTheme('dark');
    await waitFor(() => expect(meta).toHaveAttribute('content', THEME_COLORS.dark));
    setTheme('light');
    await waitFor(() => expect(meta).toHaveAttribute('content', THEME_COLORS.light));
    meta.remove();
  });
});
