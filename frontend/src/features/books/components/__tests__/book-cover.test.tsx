import { fireEvent, render, screen } from '@testing-library/react';
import { BookCover } from '../book-cover';

/** The Book's cover: on a phone its 640-px copy (a <picture> source), the cover itself if that copy fails. */
describe('BookCover', () => {
  const cover = 'https://example.test/media/covers/0b1c-rates.jpg';

  it("offers phones the 640-px copy of one of the server's covers, and falls back to the cover when the copy fails", () => {
    const { container } = render(<BookCover src={cover} title="料率" height={180} priority />);
    const source = container.querySelector('picture > source');
    expect(source).toHaveAttribute('srcset', 'https://example.test/media/covers/0b1c-rates.w640.jpg');
    expect(source).toHaveAttribute('media', '(max-width: 599.95px)');
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('src', cover);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    fireEvent.error(img);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img')).toHaveAttribute('src', cover);
  });

  it('shows another address as it is, and a placeholder without a cover', () => {
    const { container, rerender } = render(<BookCover src="https://cdn.example.test/photo.png" title="写真" height={140} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
    rerender(<BookCover src={null} title="写真" height={140} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img')).toBeInTheDocument();
  });
});
