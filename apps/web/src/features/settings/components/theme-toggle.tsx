import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { MoonIcon } from '../../../components/ui/icons/moon.tsx';
import { SunIcon } from '../../../components/ui/icons/sun.tsx';
import { setTheme, useTheme } from '../../../lib/theme.ts';

/** The header's light/dark switch: a toggle button, pressed when the dark theme is on. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      data-testid="theme-toggle"
      aria-label={t('header.darkTheme')}
      aria-pressed={dark}
      title={t('header.darkTheme')}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
