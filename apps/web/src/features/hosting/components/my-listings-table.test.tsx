import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchJson } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleRoomSummary } from '../../../testing/samples';
import { MyListingsTable } from './my-listings-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a row of the host's listings", () => {
  it("names each action with the room's title, in its tone, and opens the row's dialog", async () => {
    const room = sampleRoomSummary();
    stubFetchJson({ items: [room], nextCursor: null });
    renderWithProviders(<MyListingsTable />);

    const remove = await screen.findByRole('button', { name: `Delete ${room.title}` });
    const update = screen.getByRole('button', { name: `Update ${room.title}` });
    const sync = screen.getByRole('button', { name: `Calendar sync for ${room.title}` });
    expect([remove.textContent, update.textContent, sync.textContent]).toEqual(['Delete', 'Update', 'Calendar sync']);
    expect(remove.className).toContain('bg-rose-100');
    expect(update.className).toContain('bg-green-100');
    expect(sync.className).toContain('bg-green-100');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Title',
      'Location',
      'Price',
      'From',
      'To',
      'Delete',
      'Update',
      'Pricing',
      'Calendar',
    ]);

    fireEvent.click(remove);
    expect(await screen.findByText("Are you sure? You cannot undo once it's done!")).toBeTruthy();
  });
});
