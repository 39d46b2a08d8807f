import type { preferencesSchema } from '@makan/contract/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { MapPinIcon } from '../../../components/ui/icons/map-pin.tsx';
import { PencilIcon } from '../../../components/ui/icons/pencil.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cityName, useCities } from '../../../lib/cities.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { propertyTypeLabel } from '../../../lib/property-types.ts';
import { purposeLabel } from '../labels.ts';

type Preferences = z.infer<typeof preferencesSchema>;

const chip =
  'inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100';

/** The saved preferences in words, with the way back to /commercial to change them. */
export function PreferencesSummary({ preferences }: { preferences: Preferences | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { cities, pending } = useCities(preferences?.preferred_locations ?? []);

  return (
    <section
      aria-labelledby="preferences-summary-title"
      data-testid="preferences-summary"
      className="flex flex-col gap-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="preferences-summary-title"
          className="text-lg font-semibold text-slate-900 dark:text-slate-50"
        >
          {t('preferences.title')}
        </h2>
        <Link to="/commercial" className={buttonClasses('secondary', 'sm')} data-testid="edit-preferences">
          <PencilIcon className="size-4" />
          {preferences ? t('preferences.edit') : t('preferences.set')}
        </Link>
      </div>
      {preferences ? (
        <dl className="grid gap-4 text-sm">
          <div>
            <dt className="font-medium text-slate-600 dark:text-slate-400">{t('preferences.purpose')}</dt>
            <dd className="mt-1 text-slate-900 dark:text-slate-50">
              {purposeLabel(preferences.purpose, language)}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600 dark:text-slate-400">
              {t('preferences.propertyTypes')}
            </dt>
            <dd className="mt-1.5 flex flex-wrap gap-1.5">
              {preferences.property_types.map((type) => (
                <span key={type} className={chip}>
                  {propertyTypeLabel(type, language)}
                </span>
              ))}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600 dark:text-slate-400">{t('preferences.locations')}</dt>
            <dd className="mt-1.5 flex flex-wrap gap-1.5">
              {cities.map((city) => (
                <span key={city.id} className={chip}>
                  <MapPinIcon className="size-3.5" />
                  {cityName(city, language)}
                </span>
              ))}
              {pending && <Spinner size="sm" />}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('preferences.none')}</p>
      )}
    </section>
  );
}
