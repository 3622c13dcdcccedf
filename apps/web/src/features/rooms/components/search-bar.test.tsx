import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchBar } from './search-bar';

// The sheet is loaded when first opened: loaded here first, its transform is not part of a findBy's wait.
beforeAll(async () => {
  await import('./search-sheet');
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe("the small screens' search sheet", () => {
  it('keeps what was typed when it is closed without searching, for the same search, and forgets it once searched', async () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBar search={{}} onSearch={onSearch} />);
    const openSheet = async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Where to\?/ }));
      return screen.findByRole('dialog', { name: 'Where to?' });
    };
    let sheet = await openSheet();
    fireEvent.change(within(sheet).getByLabelText('Where'), { target: { value: 'Lisbon' } });
    fireEvent.keyDown(sheet, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Where to?' })).toBeNull());

    sheet = await openSheet();
    expect(within(sheet).getByLabelText('Where')).toHaveProperty('value', 'Lisbon');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ where: 'Lisbon' }));

    // Another search in the address: the sheet shows it, not what was typed for the one before.
    rerender(<SearchBar search={{ where: 'Porto' }} onSearch={onSearch} />);
    sheet = await openSheet();
    expect(within(sheet).getByLabelText('Where')).toHaveProperty('value', 'Porto');
  });

  it('keeps what was typed across a reload of the page, for the tab, until a search is made', async () => {
    const openSheet = async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Where to\?/ }));
      return screen.findByRole('dialog', { name: 'Where to?' });
    };
    render(<SearchBar search={{ category: 'Beach' }} onSearch={vi.fn()} />);
    let sheet = await openSheet();
    fireEvent.change(within(sheet).getByLabelText('Where'), { target: { value: 'Naxos' } });
    // The page reloaded: nothing of the sheet is left in memory.
    cleanup();

    const onSearch = vi.fn();
    render(<SearchBar search={{ category: 'Beach' }} onSearch={onSearch} />);
    sheet = await openSheet();
    expect(within(sheet).getByLabelText('Where')).toHaveProperty('value', 'Naxos');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ where: 'Naxos' }));
    cleanup();

    render(<SearchBar search={{ category: 'Beach' }} onSearch={vi.fn()} />);
    sheet = await openSheet();
    expect(within(sheet).getByLabelText('Where')).toHaveProperty('value', '');
  });
});
