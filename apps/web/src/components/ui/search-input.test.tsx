import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchInput } from './search-input.tsx';

describe('SearchInput', () => {
  it('is a search box named by its label, in the page direction, with a spinner only while busy', () => {
    const { rerender } = render(<SearchInput aria-label="Search cities" defaultValue="" />);
    const box = screen.getByRole('searchbox', { name: 'Search cities' });
    expect(box).not.toHaveAttribute('dir');
    expect(box).toHaveAttribute('autocomplete', 'off');
    expect(document.querySelector('.animate-spin')).toBeNull();
    rerender(<SearchInput aria-label="Search cities" defaultValue="" busy />);
    expect(document.querySelector('.animate-spin')).not.toBeNull();
  });
});
