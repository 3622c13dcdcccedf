import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { setActiveLocale } from '@staybook/domain/locale';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../locales/es/catalog';
import { movePhoto, type PhotoItem } from './photo-order';
import { PhotoSorter } from './photo-sorter';

afterEach(cleanup);

const photo = (name: string): PhotoItem => ({ key: name, url: `/uploads/${name}.webp`, preview: `/uploads/${name}.webp`, name, progress: null, error: null });

function Sorter({ names }: { names: string[] }) {
  const [items, setItems] = useState(() => names.map(photo));
  return (
    <PhotoSorter
      items={items}
      onMove={(from, to) => setItems((current) => movePhoto(current, from, to))}
      onRemove={(key) => setItems((current) => current.filter((item) => item.key !== key))}
    />
  );
}

const order = () => screen.getAllByTestId('photo-item').map((item) => within(item).getByText(/^Photo \d of \d: /).textContent!.replace(/^Photo \d of \d: /, ''));
const item = (n: number) => screen.getAllByTestId('photo-item')[n - 1]!;
const button = (n: number, name: string) => within(item(n)).getByRole('button', { name });

describe('movePhoto', () => {
  it('moves one item and keeps the others in order, clamped to the list', () => {
    expect(movePhoto(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(movePhoto(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(movePhoto(['a', 'b'], 1, 9)).toEqual(['a', 'b']);
    expect(movePhoto([], 0, 1)).toEqual([]);
  });
});

describe('PhotoSorter', () => {
  it('moves a photo up and down from the keyboard, focus following it, and tells where it went', () => {
    render(<Sorter names={['a', 'b', 'c']} />);
    expect(within(item(1)).getByText('Cover')).toBeTruthy();
    expect(button(1, 'Move up')).toHaveProperty('disabled', true);
    expect(button(3, 'Move down')).toHaveProperty('disabled', true);

    button(3, 'Move up').focus();
    fireEvent.click(button(3, 'Move up'));
    expect(order()).toEqual(['a', 'c', 'b']);
    expect(document.activeElement).toBe(button(2, 'Move up'));
    expect(screen.getByText('Photo moved to position 2 of 3.')).toBeTruthy();

    // At the top, Move up is disabled: the keyboard stays on the photo, on Move down.
    fireEvent.click(button(2, 'Move up'));
    expect(order()).toEqual(['c', 'a', 'b']);
    expect(within(item(1)).getByText('Cover')).toBeTruthy();
    expect(document.activeElement).toBe(button(1, 'Move down'));

    fireEvent.click(button(1, 'Move down'));
    expect(order()).toEqual(['a', 'c', 'b']);
    expect(document.activeElement).toBe(button(2, 'Move down'));
  });

  it('makes any photo the cover, and removes one, the keyboard going to its neighbour', () => {
    render(<Sorter names={['a', 'b', 'c']} />);
    expect(within(item(1)).queryByRole('button', { name: 'Make cover' })).toBeNull();
    fireEvent.click(button(3, 'Make cover'));
    expect(order()).toEqual(['c', 'a', 'b']);
    expect(screen.getByText('Photo 3 is now the cover.')).toBeTruthy();
    expect(document.activeElement).toBe(button(1, 'Move down'));

    fireEvent.click(button(2, 'Remove'));
    expect(order()).toEqual(['c', 'b']);
    expect(document.activeElement).toBe(button(2, 'Remove'));
  });

  it("writes an upload's progress in the page's language: its share sent, then 'Processing…' while the server makes its sizes", () => {
    const items = [{ ...photo('a'), progress: 1 }, { ...photo('b'), progress: 0.42 }];
    const { unmount } = render(<PhotoSorter items={items} onMove={() => {}} onRemove={() => {}} />);
    expect(screen.getByText('Processing…')).toBeTruthy();
    expect(screen.getByText('42%')).toBeTruthy();
    unmount();
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      render(<PhotoSorter items={items} onMove={() => {}} onRemove={() => {}} />);
      expect(screen.getByText('Procesando…')).toBeTruthy();
      expect(screen.getByText('42 %')).toBeTruthy();
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });
});
