import type { onboardingStatus, PreferencesRequest, questionsResult } from '@makan/contract/onboarding';
import type { PropertyType } from '@makan/contract/property-types';
import type { Purpose } from '@makan/contract/purposes';
import { TEXT } from '@makan/contract/texts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChipChecklist } from '../../../components/ui/chip-checklist.tsx';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { ArrowBackIcon } from '../../../components/ui/icons/arrow-back.tsx';
import { ArrowForwardIcon } from '../../../components/ui/icons/arrow-forward.tsx';
import { BuildingIcon } from '../../../components/ui/icons/building.tsx';
import { CheckIcon } from '../../../components/ui/icons/check.tsx';
import { KeyHandIcon } from '../../../components/ui/icons/key-hand.tsx';
import { TagIcon } from '../../../components/ui/icons/tag.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Card, Page } from '../../../components/ui/page.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { apiErrorText, firstFieldMessages, translateMessage } from '../../../lib/messages.ts';
import { isPropertyType } from '../../../lib/property-types.ts';
import { type Answers, asStep, completePreferences, type Step, startFrom, stepComplete } from '../answers.ts';
import { useOnboardingStatus } from '../api/onboarding-status.ts';
import { useQuestions } from '../api/questions.ts';
import { useSavePreferences } from '../api/save-preferences.ts';
import { useSaveProgress } from '../api/save-progress.ts';
import { useUpdatePreferences } from '../api/update-preferences.ts';
import { isPurpose, optionLabel } from '../labels.ts';
import { LocationsStep } from './locations-step.tsx';
import { StepProgress } from './step-progress.tsx';

type Questions = z.infer<typeof questionsResult>;
type Status = z.infer<typeof onboardingStatus>;

const purposeIcons: Record<Purpose, ReactNode> = {
  buy: <KeyHandIcon />,
  rent: <BuildingIcon />,
  list: <TagIcon />,
};

/** Which step holds each answer, to send a server's field error back to its step. */
const stepOfField: Record<string, Step> = { purpose: 1, property_types: 2, preferred_locations: 3 };

interface OnboardingWizardProps {
  /**
   * Saves the first answers as a saved search too (the saved searches feature, which the page hands
   * in): offered on the last step of a first onboarding, checked by default, run once the
   * preferences are saved.
   */
  saveAsSearch?: (preferences: PreferencesRequest) => Promise<unknown>;
}

/** /commercial: loads the questions and where the user left off, then the three steps. */
export function OnboardingWizard({ saveAsSearch }: OnboardingWizardProps = {}) {
  const { t } = useTranslation();
  const questions = useQuestions();
  const status = useOnboardingStatus();
  const editing = status.data?.completed ?? false;
  const title = editing ? t('onboarding.editTitle') : t('onboarding.title');

  if (questions.isError || status.isError) {
    return (
      <LoadFailure
        title={t('errors.boundary.title')}
        message={t('errors.boundary.text')}
        onRetry={() => {
          if (questions.isError) void questions.refetch();
          if (status.isError) void status.refetch();
        }}
      />
    );
  }
  if (!questions.data || !status.data) return <PageSpinner />;
  return (
    <Page title={title} description={t('onboarding.intro')} testId="onboarding-page" className="max-w-3xl">
      <Wizard questions={questions.data} status={status.data} saveAsSearch={saveAsSearch} />
    </Page>
  );
}

function Wizard({
  questions,
  status,
  saveAsSearch,
}: {
  questions: Questions;
  status: Status;
  saveAsSearch: OnboardingWizardProps['saveAsSearch'];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const editing = status.completed;
  const [initial] = useState(() => startFrom(status));
  const [step, setStep] = useState<Step>(initial.step);
  const [answers, setAnswers] = useState<Answers>(initial.answers);
  const [error, setError] = useState<string | null>(null);
  const offerSearch = !editing && saveAsSearch !== undefined;
  const [alsoSaveSearch, setAlsoSaveSearch] = useState(true);
  const [savingSearch, setSavingSearch] = useState(false);
  const progress = useSaveProgress();
  const create = useSavePreferences();
  const update = useUpdatePreferences();
  const saving = create.isPending || update.isPending || savingSearch;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // A new step: move focus to its heading, so keyboard and screen reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a step change only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const question = (key: 'purpose' | 'property_types' | 'preferred_locations') =>
    questions.steps.find((s) => s.key === key);
  const titleOf = (key: 'purpose' | 'property_types' | 'preferred_locations', fallback: string) => {
    const q = question(key);
    return q ? (language === 'ar' ? q.title_ar : q.title_en) : fallback;
  };

  /** Saves where the user is, so a reload resumes here; editing saved preferences needs no draft. */
  const persist = (nextStep: Step, next: Answers) => {
    if (editing) return;
    progress.mutate({
      step: nextStep,
      ...(next.purpose ? { purpose: next.purpose } : {}),
      property_types: next.property_types,
      preferred_locations: next.preferred_locations,
    });
  };

  const change = (patch: Partial<Answers>) => {
    const next = { ...answers, ...patch };
    setAnswers(next);
    setError(null);
    persist(step, next);
  };

  const goTo = (next: Step) => {
    setStep(next);
    setError(null);
    persist(next, answers);
  };

  const finish = async () => {
    const preferences = completePreferences(answers);
    if (!preferences) {
      const missing = ([1, 2, 3] as const).find((s) => !stepComplete(s, answers)) ?? 3;
      goTo(missing);
      return;
    }
    setError(null);
    try {
      const { message } = await (editing ? update : create).mutateAsync(preferences);
      showToast(translateMessage(t, message ?? TEXT.preferencesSaved), 'success');
      if (offerSearch && alsoSaveSearch && saveAsSearch) {
        setSavingSearch(true);
        // The preferences are saved whatever happens here: a failure is said, and the user goes on.
        await saveAsSearch(preferences)
          .catch((cause: unknown) => showToast(apiErrorText(t, cause)))
          .finally(() => setSavingSearch(false));
      }
      navigate(editing ? '/profile' : '/home', { replace: true });
    } catch (cause) {
      const fields = Object.entries(firstFieldMessages(cause));
      const [field, message] = fields[0] ?? [];
      if (cause instanceof ApiError && cause.kind === 'validation' && field && message) {
        setStep(stepOfField[field] ?? step);
        setError(translateMessage(t, message));
      } else {
        setError(t('onboarding.submitFailed'));
      }
    }
  };

  const purposeQuestion = question('purpose');
  const typesQuestion = question('property_types');
  const stepLabels: Record<Step, string> = {
    1: t('onboarding.steps.purpose'),
    2: t('onboarding.steps.propertyTypes'),
    3: t('onboarding.steps.locations'),
  };
  const heading =
    step === 1
      ? titleOf('purpose', stepLabels[1])
      : step === 2
        ? titleOf('property_types', stepLabels[2])
        : titleOf('preferred_locations', stepLabels[3]);
  const canProceed = stepComplete(step, answers);

  return (
    <Card className="flex flex-col gap-6">
      <StepProgress step={step} labels={stepLabels} />
      <section aria-labelledby="onboarding-step-heading" className="flex flex-col gap-4">
        <div>
          <h2
            id="onboarding-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 focus:outline-none dark:text-slate-50"
            data-testid="onboarding-step-title"
          >
            {heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {step === 1
              ? t('onboarding.purposeHint')
              : step === 2
                ? t('onboarding.typesHint')
                : t('onboarding.locationsHint')}
          </p>
        </div>
        {error && <Alert testId="onboarding-error">{error}</Alert>}
        {step === 1 && purposeQuestion && (
          <ChoiceCards<Purpose>
            testId="onboarding-purpose"
            legend={<span className="sr-only">{heading}</span>}
            name="purpose"
            value={answers.purpose ?? undefined}
            onChange={(purpose) => change({ purpose })}
            choices={purposeQuestion.options.flatMap(({ value, ...labels }) =>
              isPurpose(value)
                ? [
                    {
                      value,
                      title: optionLabel(labels, language),
                      description: t(`onboarding.purposeText.${value}`),
                      icon: purposeIcons[value],
                    },
                  ]
                : [],
            )}
          />
        )}
        {step === 2 && typesQuestion && (
          <ChipChecklist<PropertyType>
            testId="onboarding-types"
            legend={heading}
            legendHidden
            name="property_types"
            values={answers.property_types}
            onChange={(property_types) => change({ property_types })}
            options={typesQuestion.options.flatMap(({ value, ...labels }) =>
              isPropertyType(value) ? [{ value, label: optionLabel(labels, language) }] : [],
            )}
          />
        )}
        {step === 3 && (
          <LocationsStep
            selected={answers.preferred_locations}
            onChange={(preferred_locations) => change({ preferred_locations })}
          />
        )}
        {step === 3 && offerSearch && (
          <div className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <input
              id="onboarding-save-search"
              type="checkbox"
              checked={alsoSaveSearch}
              onChange={(event) => setAlsoSaveSearch(event.target.checked)}
              aria-describedby="onboarding-save-search-hint"
              className="mt-0.5 size-5 shrink-0 accent-primary-700 dark:accent-primary-400"
              data-testid="onboarding-save-search"
            />
            <div className="flex flex-col gap-0.5">
              <label
                htmlFor="onboarding-save-search"
                className="text-sm font-medium text-slate-900 dark:text-slate-50"
              >
                {t('onboarding.saveAsSearch')}
              </label>
              <p id="onboarding-save-search-hint" className="text-xs text-slate-600 dark:text-slate-400">
                {t('onboarding.saveAsSearchHint')}
              </p>
            </div>
          </div>
        )}
      </section>
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        {step > 1 ? (
          <Button
            variant="secondary"
            onClick={() => goTo(asStep(step - 1))}
            disabled={saving}
            data-testid="onboarding-back"
          >
            <ArrowBackIcon className="size-4" />
            {t('onboarding.back')}
          </Button>
        ) : (
          <span className="hidden sm:block" />
        )}
        {step < 3 ? (
          <Button onClick={() => goTo(asStep(step + 1))} disabled={!canProceed} data-testid="onboarding-next">
            {t('onboarding.next')}
            <ArrowForwardIcon className="size-4" />
          </Button>
        ) : (
          <Button
            onClick={() => void finish()}
            disabled={!canProceed}
            loading={saving}
            data-testid="onboarding-finish"
          >
            {!saving && <CheckIcon className="size-4" />}
            {saving ? t('onboarding.saving') : t('onboarding.finish')}
          </Button>
        )}
      </div>
    </Card>
  );
}
