import { describe, expect, it } from 'vitest';
import { AMENITIES, AMENITY_GROUP_LABELS, findAmenity, isAmenityKey, sortAmenities, TIME_OF_DAY, unknownAmenity } from './amenities.js';
import { roomInputSchemaFor, type RoomInputValues } from './room-input.js';
import { roomsQuerySchema } from './search-query.js';
import { readSearch, searchOf, searchToQuery } from './search.js';

// The domain compiles without DOM or Node types (tsconfig "types": []); these tests run on Node, which has it.
declare const URLSearchParams: new (init: string) => { get(name: string): string | null };

describe('the amenity list', () => {
  it('has stable, unique, address-safe keys, each with a label, an icon and a group', () => {
    const keys = AMENITIES.map((a) => a.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(16);
    for (const amenity of AMENITIES) {
      expect(amenity.key).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(amenity.label.length).toBeGreaterThan(0);
      expect(AMENITY_GROUP_LABELS[amenity.group]).toBeDefined();
    }
    expect(keys.slice(0, 2)).toEqual(['wifi', 'kitchen']);
    expect(findAmenity('air-conditioning')?.label).toBe('Air conditioning');
    expect(findAmenity('jacuzzi')).toBeUndefined();
    expect(isAmenityKey('toString')).toBe(false);
  });

  it("keeps known keys once each, in the list's order", () => {
    expect(sortAmenities(['pool', 'wifi', 'pool', 'sauna', 'kitchen'])).toEqual(['wifi', 'kitchen', 'pool']);
    expect(unknownAmenity(['wifi', 'sauna', 'spa'])).toBe('sauna');
    expect(unknownAmenity(['wifi'])).toBeUndefined();
  });

  it('reads times of day as 24-hour HH:MM only', () => {
    for (const ok of ['00:00', '09:30', '15:00', '23:59']) expect(TIME_OF_DAY.test(ok), ok).toBe(true);
    for (const bad of ['24:00', '9:30', '15:60', '3pm', '15:00:00', '']) expect(TIME_OF_DAY.test(bad), bad).toBe(false);
  });
});

describe("a room's amenities, times and house rules", () => {
  const valid: RoomInputValues = {
    title: 'Cabin by the lake',
    location: 'Hallstatt, Austria',
    category: 'Lake',
    from: '2026-04-01',
    to: '2026-04-30',
    price: 120,
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    image: '/uploads/0b7e1f8c-1b2a-4c3d-9e8f-112233445566.webp',
  };
  const schema = roomInputSchemaFor({ today: '2026-03-10' });
  const fieldsOf = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('are left out when not sent (none on a new room, unchanged on an update)', () => {
    const room = schema.parse(valid);
    expect(room).not.toHaveProperty('amenities');
    expect(room).not.toHaveProperty('checkInTime');
    expect(room).not.toHaveProperty('houseRules');
  });

  it("stores amenities once each in the list's order, and names the field for an unknown key", () => {
    expect(schema.parse({ ...valid, amenities: ['tv', 'wifi', 'tv'] }).amenities).toEqual(['wifi', 'tv']);
    expect(schema.parse({ ...valid, amenities: [] }).amenities).toEqual([]);
    expect(fieldsOf({ ...valid, amenities: ['wifi', 'sauna'] })).toEqual({ amenities: 'Unknown amenity: sauna' });
    expect(fieldsOf({ ...valid, amenities: ['wifi', 3] })).toEqual({ amenities: 'Amenities must be a list of amenity keys' });
    expect(fieldsOf({ ...valid, amenities: 'wifi' })).toEqual({ amenities: 'Amenities must be a list of amenity keys' });
  });

  it('takes times as HH:MM, and an empty or null time as none', () => {
    expect(schema.parse({ ...valid, checkInTime: '15:00', checkOutTime: ' 11:00 ' })).toMatchObject({ checkInTime: '15:00', checkOutTime: '11:00' });
    expect(schema.parse({ ...valid, checkInTime: '', checkOutTime: null })).toMatchObject({ checkInTime: null, checkOutTime: null });
    expect(fieldsOf({ ...valid, checkInTime: '3pm', checkOutTime: '24:00' })).toEqual({
      checkInTime: 'Check-in time must be a time such as 15:00',
      checkOutTime: 'Check-out time must be a time such as 11:00',
    });
    expect(fieldsOf({ ...valid, checkInTime: 1500 })).toEqual({ checkInTime: 'Check-in time must be a time such as 15:00' });
  });

  it('keeps house rules as text with their line breaks, up to 2,000 characters', () => {
    expect(schema.parse({ ...valid, houseRules: '  No parties.\nQuiet after 22:00.\r\n<b>Shoes off</b>  ' }).houseRules).toBe(
      'No parties.\nQuiet after 22:00.\r\n<b>Shoes off</b>',
    );
    expect(schema.parse({ ...valid, houseRules: 'x'.repeat(2000) }).houseRules).toHaveLength(2000);
    expect(fieldsOf({ ...valid, houseRules: 'x'.repeat(2001) })).toEqual({ houseRules: 'House rules must be at most 2,000 characters' });
    expect(fieldsOf({ ...valid, houseRules: 'No\u0000pets' })).toEqual({ houseRules: 'House rules contain characters that are not allowed' });
  });
});

describe('searching by amenities', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  const read = (query: string) => readSearch(new URLSearchParams(query), now);

  it('reads the address forgivingly: unknown keys are dropped, the rest kept in order', () => {
    expect(read('amenities=pool,wifi,sauna,pool')).toEqual({ amenities: ['wifi', 'pool'] });
    expect(read('amenities=sauna&guests=2')).toEqual({ guests: 2 });
    expect(read('amenities=')).toEqual({});
  });

  it('writes one address for one choice, commas unencoded, after bedrooms and before the sort', () => {
    expect(searchToQuery({ sort: 'price-asc', amenities: ['pool', 'wifi'], bedrooms: 2 })).toBe('bedrooms=2&amenities=wifi,pool&sort=price-asc');
    expect(searchToQuery({ amenities: [] })).toBe('');
    expect(searchOf({ amenities: [] })).toEqual({});
  });

  it('is strict in the API: an unknown or empty key is a 400 naming amenities', () => {
    expect(roomsQuerySchema.parse({ amenities: 'kitchen,wifi' }).amenities).toEqual(['wifi', 'kitchen']);
    for (const [amenities, message] of [
      ['wifi,sauna', 'Unknown amenity: sauna'],
      ['', 'Amenities must name at least one amenity'],
      ['wifi,,pool', 'Amenities must be amenity keys separated by commas'],
    ] as const) {
      const result = roomsQuerySchema.safeParse({ amenities });
      expect(result.success, amenities).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amenities', message]]);
    }
  });
});
