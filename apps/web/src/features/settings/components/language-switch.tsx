import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { changeLanguage, useLanguage } from '../../../lib/i18n.ts';

/** The header's EN/ع switch: shows the other language and reloads the page in it (spec §4). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  const other = language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      data-testid="language-switch"
      aria-label={t('header.switchLanguage')}
      title={t('header.switchLanguage')}
      onClick={() => changeLanguage(other)}
      className={buttonClasses('ghost', 'icon', 'text-sm font-bold')}
    >
      <span lang={other}>{other === 'ar' ? 'ع' : 'EN'}</span>
    </button>
  );
}
