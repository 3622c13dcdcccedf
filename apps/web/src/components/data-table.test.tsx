import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, Table } from './data-table';

type Stay = { id: string; title: string; price: string };

const PAGES: Record<string, { items: Stay[]; nextCursor: string | null }> = {
  first: { items: [{ id: 'a', title: 'Red cottage', price: '$354' }], nextCursor: 'second' },
  second: { items: [{ id: 'b', title: 'Alpine loft', price: '$1,120' }], nextCursor: null },
};

function Stays({ pages }: { pages: typeof PAGES }) {
  const query = useInfiniteQuery({
    queryKey: ['stays'],
    queryFn: ({ pageParam }) => Promise.resolve(pages[pageParam]!),
    initialPageParam: 'first',
    getNextPageParam: (last) => last.nextCursor,
  });
  return (
    <DataTable
      label="Stays"
      columns={[
        { header: 'Title', cell: (stay: Stay) => stay.title },
        { header: 'Price', cell: (stay: Stay) => stay.price },
      ]}
      query={query}
      rowKey={(stay) => stay.id}
      empty={<p>No stays yet.</p>}
    />
  );
}

function renderTable(pages = PAGES) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <Stays pages={pages} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('DataTable', () => {
  it('shows the loader, then the rows under their headers', async () => {
    renderTable();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Stays' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Title', 'Price']);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['Red cottage', '$354']);
    // Below sm each cell shows its column's name, drawn from this attribute rather than written into the cell.
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(['Title', 'Price']);
  });

  it("adds the next page on 'Show more' until there is none", async () => {
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('cell', { name: 'Alpine loft' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows the empty state instead of an empty table', async () => {
    renderTable({ first: { items: [], nextCursor: null }, second: PAGES.second! });
    expect(await screen.findByText('No stays yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Table', () => {
  it('puts the rows that sum up the others in its foot, each cell named by its column', () => {
    render(
      <Table
        label="Stays"
        columns={[
          { header: 'Title', cell: (stay: Stay) => stay.title },
          { header: 'Price', cell: (stay: Stay) => stay.price },
        ]}
        rows={[PAGES.first!.items[0]!, PAGES.second!.items[0]!]}
        rowKey={(stay) => stay.id}
        foot={[{ id: 'total', title: 'Total', price: '$1,474' }]}
      />,
    );
    const [head, body, foot] = within(screen.getByRole('table', { name: 'Stays' })).getAllByRole('rowgroup');
    expect(head?.tagName).toBe('THEAD');
    expect(within(body!).getAllByRole('row')).toHaveLength(2);
    expect(foot?.tagName).toBe('TFOOT');
    const cells = within(foot!).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['Total', '$1,474']);
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(['Title', 'Price']);
  });

  it('has no foot unless given one', () => {
    render(<Table label="Stays" columns={[{ header: 'Title', cell: (stay: Stay) => stay.title }]} rows={PAGES.first!.items} rowKey={(stay) => stay.id} />);
    expect(within(screen.getByRole('table', { name: 'Stays' })).getAllByRole('rowgroup')).toHaveLength(2);
  });
});
