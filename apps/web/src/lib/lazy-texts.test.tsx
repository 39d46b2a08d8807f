import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { type LazyTexts, useLazyTexts } from './lazy-texts.ts';

function lateTexts() {
  let loads = 0;
  let release = () => {};
  const texts: LazyTexts = {
    name: 'late',
    present: (i18n) => i18n.exists('late.hello'),
    load: async (i18n) => {
      loads += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      i18n.addResourceBundle(
        i18n.language,
        'translation',
        { late: { hello: `hello in ${i18n.language}` } },
        true,
      );
    },
  };
  return { texts, loads: () => loads, release: () => release() };
}

function Page({ texts }: { texts: LazyTexts }) {
  useLazyTexts(texts);
  const { t } = useTranslation();
  return <p>{t('late.hello' as never)}</p>;
}

describe('texts loaded with the pages that read them', () => {
  it('load once, while the page waits, and the page draws them (no second load when React tries the page again)', async () => {
    const i18n = createI18n({ en: { translation: {} } }, 'en');
    const late = lateTexts();
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<p>waiting</p>}>
            <Page texts={late.texts} />
          </Suspense>
        </I18nextProvider>,
      );
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => late.release());
    expect(await screen.findByText('hello in en')).toBeInTheDocument();
    expect(late.loads()).toBe(1);
  });

  it('are not loaded again by a second page of the same app, nor when already there', async () => {
    const i18n = createI18n({ en: { translation: {} } }, 'en');
    const late = lateTexts();
    const page = (pages: 1 | 2) => (
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>waiting</p>}>
          <Page texts={late.texts} />
          {pages === 2 && <Page texts={late.texts} />}
        </Suspense>
      </I18nextProvider>
    );
    let rerender: (ui: ReturnType<typeof page>) => void = () => {};
    await act(async () => {
      ({ rerender } = render(page(1)));
    });
    await act(async () => late.release());
    await screen.findByText('hello in en');
    await act(async () => rerender(page(2)));
    expect(screen.getAllByText('hello in en')).toHaveLength(2);
    expect(late.loads()).toBe(1);
  });
});
