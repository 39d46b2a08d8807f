import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { notificationFixture as notification, saraActor } from '../../../test/notification-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NotificationItem } from './notification-item.tsx';

/** Mentions and bookmarked listings (issue 22): what their items say, in both languages. */

const price = notification({
  id: 31,
  kind: 'listing',
  change: { field: 'price', from: '1200000.00', to: '1100000.00', currency: 'SAR' },
});
const status = notification({
  id: 32,
  kind: 'listing',
  change: { field: 'status', from: 'available', to: 'under_offer', currency: null },
});
const mention = notification({
  id: 33,
  kind: 'mention',
  comment_id: 40,
  excerpt: 'Ask @Sara about the parking',
  link: '/comment/12/40',
  actors: [saraActor],
});

function show(n: typeof price, language: 'en' | 'ar' = 'en') {
  // Numbers follow the stored language, as in the app.
  localStorage.setItem('language', language);
  renderWithProviders(
    <MemoryRouter>
      <ul>
        <NotificationItem notification={n} onOpen={() => {}} />
      </ul>
    </MemoryRouter>,
    language,
  );
  return screen.getByTestId(`notification-${n.id}`);
}

describe('a bookmarked listing changed', () => {
  it('says the new price in its currency, in English', () => {
    const item = show(price);
    expect(item).toHaveTextContent('A listing you saved by Sara changed');
    expect(screen.getByTestId('notification-change')).toHaveTextContent(
      'Price: SAR 1,200,000 → SAR 1,100,000',
    );
    expect(item).toHaveAttribute('href', '/post/12');
  });

  it('says the new price in Arabic digits and currency, the arrow pointing the way Arabic reads', () => {
    show(price, 'ar');
    const money = (n: number) =>
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'SAR', maximumFractionDigits: 0 }).format(n);
    expect(screen.getByTestId('notification-change').textContent).toBe(
      `السعر: ${money(1200000)} ← ${money(1100000)}`,
    );
  });

  it('says the status by the listing labels, in both languages', () => {
    show(status);
    expect(screen.getByTestId('notification-change')).toHaveTextContent('Status: Available → Under offer');
  });

  it('says the status in Arabic', () => {
    show(status, 'ar');
    expect(screen.getByTestId('notification-change').textContent).toMatch(/^الحالة: .+ ← .+$/);
    expect(screen.getByTestId('notification-change').textContent).not.toMatch(/available|under_offer/);
  });
});

describe('a mention', () => {
  it('says who mentioned you and shows what they wrote, in English and Arabic', () => {
    const item = show(mention);
    expect(item).toHaveTextContent('Sara mentioned you');
    expect(screen.getByTestId('notification-excerpt')).toHaveTextContent('Ask @Sara about the parking');
    expect(item).toHaveAttribute('href', '/comment/12/40');
    expect(screen.queryByTestId('notification-change')).not.toBeInTheDocument();
  });

  it('in Arabic', () => {
    const item = show(mention, 'ar');
    expect(item).toHaveTextContent('أشار إليك');
    expect(item).toHaveTextContent('Sara');
  });
});

describe('a listing that matches a saved search', () => {
  const match = notification({
    id: 34,
    kind: 'search',
    excerpt: 'Offices in Olaya',
    link: '/post/12',
    actors: [saraActor],
  });

  it('says who posted it and which saved search it matches, and opens the listing', () => {
    const item = show(match);
    expect(item).toHaveTextContent('Sara posted a listing that matches your saved search Offices in Olaya');
    const name = screen.getByTestId('notification-search-name');
    expect(name).toHaveTextContent('Offices in Olaya');
    expect(name).toHaveAttribute('dir', 'auto');
    // The name is in the sentence: it is not said a second time as an excerpt.
    expect(screen.queryByTestId('notification-excerpt')).not.toBeInTheDocument();
    expect(item).toHaveAttribute('href', '/post/12');
  });

  it('in Arabic', () => {
    const item = show({ ...match, excerpt: 'مكاتب العليا' }, 'ar');
    expect(item).toHaveTextContent('نشر Sara إعلانًا يطابق بحثك المحفوظ مكاتب العليا');
  });
});
