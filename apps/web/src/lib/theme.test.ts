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

  it('persists the theme, keeps darkMode in step and applies the class', () => {
    setTheme('dark');
    expect(getItem('theme')).toBe('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement).toHaveClass('dark');
    setTheme('light');
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("keeps the browser's bar colour in step with the toggle, not the system's preference", () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    setTheme('dark');
    expect(meta).toHaveAttribute('content', THEME_COLORS.dark);
    setTheme('light');
    expect(meta).toHaveAttribute('content', THEME_COLORS.light);
    meta.remove();
  });
});
