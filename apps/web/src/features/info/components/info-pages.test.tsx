import { PROPERTY_TYPE_LABELS_AR } from '@makan/contract/property-types';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { renderRoute } from '../../../test/render.tsx';

describe('information pages', () => {
  it.each([
    ['/about', 'About Makan'],
    ['/faq', 'Frequently Asked Questions'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
  ])('%s renders its title and links to the other pages, not to itself', async (path, title) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const related = screen.getByRole('navigation', { name: 'More from Makan' });
    const hrefs = within(related)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toHaveLength(4);
    expect(hrefs).not.toContain(path);
  });

  it("the About page names the contract's property types, in Arabic on the Arabic screen", async () => {
    localStorage.setItem('language', 'ar');
    renderRoute('/about', 'ar');
    const section = await screen.findByRole('region', { name: 'العقارات على مكان' });
    const chips = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(chips).toEqual(Object.values(PROPERTY_TYPE_LABELS_AR).filter((label) => label !== 'أخرى'));
  });

  it("calls to action are components/ui's buttons", async () => {
    renderRoute('/about');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveClass(
      buttonClasses('primary'),
      { exact: true },
    );
    expect(screen.getByRole('link', { name: 'Browse companies' })).toHaveClass(buttonClasses('secondary'), {
      exact: true,
    });
  });
});
