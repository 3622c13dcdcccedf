import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchJson } from '../../testing/fetch';
import { TestProviders } from '../../testing/providers';
import { HomeRoute } from './home';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHome(path: string) {
  const fetch = stubFetchJson({ items: [], nextCursor: null, total: { count: 0, more: false } });
  const router = createMemoryRouter([{ path: '/', element: <HomeRoute /> }], { initialEntries: [path] });
  render(
    <TestProviders user={null}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const asked = () => fetch.mock.calls.map(([url]) => String(url));
  return { router, asked };
}

const whereField = () => screen.getByLabelText<HTMLInputElement>('Where');
const guestsShown = () => screen.getByTestId('guests-value').textContent;

describe('the home page search', () => {
  it('writes the search to the address, asks the API for it, and shows the address again on Back and Forward', async () => {
    const { router, asked } = renderHome('/?category=Beach');
    await waitFor(() => expect(asked()).toEqual(['/api/rooms?category=Beach&limit=24']));

    fireEvent.input(whereField(), { target: { value: 'Lisbon' } });
    fireEvent.click(screen.getByRole('button', { name: 'More guests' }));
    fireEvent.click(screen.getByRole('button', { name: 'More guests' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.search).toBe('?category=Beach&where=Lisbon&guests=2'));
    await waitFor(() => expect(asked()).toContain('/api/rooms?category=Beach&where=Lisbon&guests=2&limit=24'));
    // Nothing found: the page offers to widen the search.
    expect(await screen.findByRole('button', { name: 'Any number of guests' })).toBeTruthy();

    await act(() => router.navigate(-1));
    expect(whereField().value).toBe('');
    expect(guestsShown()).toBe('Any');
    await act(() => router.navigate(1));
    expect(whereField().value).toBe('Lisbon');
    expect(guestsShown()).toBe('2 guests');
  });

  it('drops what it cannot use from the address without an error, and runs the rest', async () => {
    const { asked } = renderHome('/?guests=0&checkin=2001-01-01&checkout=2001-01-05&where=porto&sort=cheapest&minPrice=300&maxPrice=100');
    await waitFor(() => expect(asked()).toEqual(['/api/rooms?where=porto&minPrice=300&limit=24']));
    expect(whereField().value).toBe('porto');
    expect(screen.getByLabelText<HTMLInputElement>('Minimum price').value).toBe('300');
    expect(screen.getByLabelText<HTMLInputElement>('Maximum price').value).toBe('');
  });

  it("keeps the spec's empty state for an unknown category, without asking the API", async () => {
    const { asked } = renderHome('/?category=Nowhere');
    expect(await screen.findByRole('heading', { name: 'No Rooms Available In This Category!' })).toBeTruthy();
    expect(asked()).toEqual([]);
  });

  it('a category keeps the rest of the search, and All lets go of the category alone', async () => {
    renderHome('/?category=Beach&where=porto&guests=2');
    expect(screen.getByRole('link', { name: 'Lake' }).getAttribute('href')).toBe('/?category=Lake&where=porto&guests=2');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/?where=porto&guests=2');
    expect(screen.getByRole('link', { name: 'Beach' }).getAttribute('aria-current')).toBe('page');
  });
});
