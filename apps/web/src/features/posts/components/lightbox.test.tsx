import type { PostMedia } from '@makan/contract/posts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { Lightbox } from './lightbox.tsx';

const photo = (id: number): PostMedia => ({
  id,
  url: `/media/post_photos/k${id}-480.webp`,
  url_large: `/media/post_photos/k${id}-1280.webp`,
  mime_type: 'image/webp',
  size: 1000,
  file_name: `p${id}.webp`,
  width: 1280,
  height: 800,
});

function swipe(dx: number) {
  const box = screen.getByTestId('lightbox');
  fireEvent.pointerDown(box, { clientX: 200 });
  fireEvent.pointerUp(box, { clientX: 200 + dx });
}

describe('lightbox swipes', () => {
  it('a swipe to the left shows the next photo in English, the previous in Arabic; short moves do nothing', () => {
    const media = [photo(1), photo(2), photo(3)];
    const onIndex = vi.fn();
    const en = renderWithProviders(
      <Lightbox media={media} author="Sara" index={1} onIndex={onIndex} onClose={() => {}} />,
    );
    swipe(-120);
    expect(onIndex).toHaveBeenLastCalledWith(2);
    swipe(120);
    expect(onIndex).toHaveBeenLastCalledWith(0);
    onIndex.mockClear();
    swipe(-20);
    expect(onIndex).not.toHaveBeenCalled();
    en.unmount();

    localStorage.setItem('language', 'ar');
    renderWithProviders(
      <Lightbox media={media} author="Sara" index={1} onIndex={onIndex} onClose={() => {}} />,
      'ar',
    );
    swipe(-120);
    expect(onIndex).toHaveBeenLastCalledWith(0);
  });
});
