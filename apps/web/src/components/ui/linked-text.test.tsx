import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText, linkParts } from './linked-text.tsx';

describe('links in user text (issue 19)', () => {
  it('finds http and https addresses, leaving sentence punctuation out', () => {
    expect(linkParts('See https://makan.example/post/7. Thanks')).toEqual([
      { text: 'See ' },
      { text: 'https://makan.example/post/7', href: 'https://makan.example/post/7' },
      { text: '. Thanks' },
    ]);
    expect(linkParts('(http://a.example/x_(y)) and «https://b.example/»،')).toEqual([
      { text: '(' },
      { text: 'http://a.example/x_(y)', href: 'http://a.example/x_(y)' },
      { text: ') and «' },
      { text: 'https://b.example/', href: 'https://b.example/' },
      { text: '»،' },
    ]);
    expect(linkParts('no links here')).toEqual([{ text: 'no links here' }]);
  });

  it('links nothing but the web: no javascript:, data:, or addresses without a host', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://',
      'ftp://files.example/x',
      'JaVaScRiPt:alert(document.cookie)//https://x',
    ]) {
      expect(linkParts(text).some((part) => 'href' in part && !part.href.startsWith('http'))).toBe(false);
    }
    expect(linkParts('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });

  it('renders safe links that open apart, and everything else as text', () => {
    render(
      <p>
        <LinkedText text={'Details: https://makan.example/post/7 <img src=x onerror=alert(1)>'} />
      </p>,
    );
    const link = screen.getByRole('link', { name: 'https://makan.example/post/7' });
    expect(link).toHaveAttribute('href', 'https://makan.example/post/7');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(link).toHaveAttribute('dir', 'ltr');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
  });
});
