import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';

describe('Avatar', () => {
  it('shows the initials of the first two words when there is no picture', () => {
    render(<Avatar name="Sara Al Harbi" testId="a" />);
    expect(screen.getByTestId('a')).toHaveTextContent('SA');
    expect(screen.getByTestId('a').querySelector('img')).toBeNull();
  });

  it('names the initials for screen readers only when given alternative text', () => {
    render(<Avatar name="عمر الحداد" alt="صورة عمر" testId="a" />);
    expect(screen.getByRole('img', { name: 'صورة عمر' })).toHaveTextContent('عا');
  });

  it('shows the picture, with the stored sizes as a srcset, and falls back to initials if it fails', () => {
    render(<Avatar name="Nile Commercial" src="/media/profile_pictures/k-192.webp" size="lg" testId="a" />);
    const image = screen.getByTestId('a').querySelector('img');
    expect(image).toHaveAttribute('src', '/media/profile_pictures/k-192.webp');
    expect(image).toHaveAttribute(
      'srcset',
      '/media/profile_pictures/k-96.webp 96w, /media/profile_pictures/k-192.webp 192w, /media/profile_pictures/k-384.webp 384w',
    );
    expect(image).toHaveAttribute('width', '96');
    if (image) fireEvent.error(image);
    expect(screen.getByTestId('a')).toHaveTextContent('NC');
  });
});
