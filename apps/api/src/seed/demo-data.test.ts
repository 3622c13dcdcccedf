import { describe, expect, it } from 'vitest';
import { CATEGORIES, distanceKm, sortAmenities } from '@staybook/domain';
import { findPlace, timeZoneAt } from '../modules/places/gazetteer.js';
import { DEMO_ROOMS, demoRoomExtras } from './demo-data.js';

describe("the demo rooms' amenities, times and house rules", () => {
  // As the seed plans them: three variants of each category, categories interleaved.
  const plan = [0, 1, 2].flatMap((variant) => CATEGORIES.map((category) => ({ category: category.label, variant })));
  const rooms = plan.map(({ category, variant }, i) => ({ category, variant, room: DEMO_ROOMS[category][variant]!, ...demoRoomExtras(category, variant, i) }));

  it("gives every room what its description promises, in the list's order, and what its category suggests", () => {
    for (const room of rooms) {
      expect(room.amenities).toEqual(sortAmenities(room.amenities));
      expect(room.amenities, room.room.title).toEqual(expect.arrayContaining(['wifi', 'kitchen', 'smoke-alarm']));
    }
    for (const room of rooms.filter((r) => r.category === 'Pools')) expect(room.amenities).toContain('pool');
    for (const room of rooms.filter((r) => r.category === 'Skiing')) expect(room.amenities).toContain('fireplace');
    // Some rooms have more than the page shows before 'Show all'.
    expect(rooms.some((room) => room.amenities.length > 10)).toBe(true);
  });

  it('gives most rooms check-in and check-out times and some house rules', () => {
    const timed = rooms.filter((room) => room.checkInTime && room.checkOutTime);
    expect(timed.length).toBeGreaterThan(rooms.length * 0.75);
    expect(timed.length).toBeLessThan(rooms.length);
    const ruled = rooms.filter((room) => room.houseRules !== '');
    expect(ruled.length).toBeGreaterThan(10);
    expect(ruled.length).toBeLessThan(rooms.length);
    for (const room of ruled.filter((r) => r.amenities.includes('pets-allowed'))) expect(room.houseRules).toContain('Pets are welcome');
  });
});

describe("the demo rooms' places", () => {
  const demoRooms = Object.values(DEMO_ROOMS).flat();

  it('places every demo room at a pin in the time zone it declares', () => {
    for (const room of demoRooms) {
      const [latitude, longitude] = room.position;
      expect(timeZoneAt({ latitude, longitude }), room.location).toBe(room.timeZone);
    }
  });

  it('puts each pin near the place its location names, where the gazetteer knows it', async () => {
    let known = 0;
    for (const room of demoRooms) {
      const place = await findPlace(room.location);
      if (!place) continue;
      known += 1;
      const [latitude, longitude] = room.position;
      expect(distanceKm(place, { latitude, longitude }), room.location).toBeLessThan(30);
    }
    // Regions ('Hokkaido', 'Cotswolds') and villages under 1,000 people ('Niseko') are not in it; 21 of 45 are.
    expect(known).toBeGreaterThanOrEqual(20);
  });
});
