import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render.tsx';
import { SearchInput } from './search-input.tsx';

const i18n = testI18n();
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
);

describe('SearchInput', () => {
  it('is a search box named by its label, in the page direction, with a spinner only while busy', () => {
    const { rerender } = render(<SearchInput aria-label="Search cities" defaultValue="" />, { wrapper });
    const box = screen.getByRole('searchbox', { name: 'Search cities' });
    expect(box).not.toHaveAttribute('dir');
    expect(box).toHaveAttribute('autocomplete', 'off');
    expect(document.querySelector('.animate-spin')).toBeNull();
    rerender(<SearchInput aria-label="Search cities" defaultValue="" busy />);
    expect(document.querySelector('.animate-spin')).not.toBeNull();
  });
});
