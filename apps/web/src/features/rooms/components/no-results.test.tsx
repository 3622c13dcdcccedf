import type { RoomSearch } from '@staybook/domain/search';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoResults } from './no-results';

afterEach(cleanup);

const FULL: RoomSearch = {
  category: 'Beach',
  where: 'lisbon',
  checkin: '2030-03-02',
  checkout: '2030-03-09',
  guests: 3,
  minPrice: 80,
  maxPrice: 250,
  bedrooms: 2,
  amenities: ['wifi', 'pool'],
  sort: 'price-asc',
};

describe('a search that finds nothing', () => {
  it('offers to let go of each filter narrowing it, and each button widens the search by that filter alone', () => {
    const onSearch = vi.fn();
    render(<NoResults search={FULL} onSearch={onSearch} />);
    expect(screen.getByRole('heading', { name: 'No stays match your search' })).toBeTruthy();
    const labels = screen.getAllByRole('button').map((button) => button.textContent);
    expect(labels).toEqual(['Clear place', 'Clear dates', 'Any number of guests', 'Any price', 'Any bedrooms', 'Any amenities', 'Clear all filters']);

    fireEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    const { checkin: _, checkout: __, ...withoutDates } = FULL;
    expect(onSearch).toHaveBeenLastCalledWith(withoutDates);
    fireEvent.click(screen.getByRole('button', { name: 'Any price' }));
    const { minPrice: ___, maxPrice: ____, ...withoutPrice } = FULL;
    expect(onSearch).toHaveBeenLastCalledWith(withoutPrice);
    fireEvent.click(screen.getByRole('button', { name: 'Any amenities' }));
    const { amenities: _____, ...withoutAmenities } = FULL;
    expect(onSearch).toHaveBeenLastCalledWith(withoutAmenities);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(onSearch).toHaveBeenLastCalledWith({ category: 'Beach', sort: 'price-asc' });
  });

  it('offers only what narrows it', () => {
    render(<NoResults search={{ maxPrice: 20 }} onSearch={() => {}} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Any price']);
  });
});
