import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { MoonIcon } from '../../../components/ui/icons/moon.tsx';
import { SunIcon } from '../../../components/ui/icons/sun.tsx';
import { changeLanguage, type Language, useLanguage } from '../../../lib/i18n.ts';
import { setTheme, type Theme, useTheme } from '../../../lib/theme.ts';

export function ThemeSetting() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <ChoiceGroup<Theme>
      testId="settings-theme"
      legend={t('settings.theme')}
      name="theme"
      value={theme}
      onChange={setTheme}
      choices={[
        { value: 'light', label: t('settings.light'), icon: <SunIcon className="size-4" /> },
        { value: 'dark', label: t('settings.dark'), icon: <MoonIcon className="size-4" /> },
      ]}
    />
  );
}

export function LanguageSetting() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ChoiceGroup<Language>
      testId="settings-language"
      legend={t('settings.language')}
      hint={t('settings.languageHint')}
      name="language"
      value={language}
      onChange={(next) => changeLanguage(next)}
      choices={[
        { value: 'en', label: t('settings.english'), lang: 'en' },
        { value: 'ar', label: t('settings.arabic'), lang: 'ar' },
      ]}
    />
  );
}
