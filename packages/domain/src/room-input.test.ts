import { afterEach, describe, expect, it } from 'vitest';
import { setMarketplaceCurrency } from './money.js';
import {
  availabilityDatesError,
  latestAvailabilityEnd,
  roomInputSchema,
  roomInputSchemaFor,
} from './room-input.js';
import { ROOM_INPUT_SAMPLE, SAMPLE_PHOTO } from './test/room-input-sample.js';

const TODAY = '2026-03-10';
const valid = ROOM_INPUT_SAMPLE;

const schema = roomInputSchemaFor({ today: TODAY });

/** The field messages a value gets, as the form shows them (first message per field). */
function messages(input: unknown, s: typeof schema = schema): Record<string, string> {
  const result = s.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('room input', () => {
  it('accepts a complete room, trims text, converts the price to cents and drops unknown fields', () => {
    const result = schema.parse({
      ...valid,
      title: '  Cabin by the lake ',
      price: '19.99',
      guests: '4',
      host: { email: 'someone@else.example' },
      hostId: 'x',
      _id: 'y',
      total_guest: 9,
    });
    expect(result).toEqual({
      title: 'Cabin by the lake',
      location: 'Hallstatt, Austria',
      category: 'Lake',
      from: '2027-04-01',
      to: '2027-04-30',
      priceCents: 1999,
      guests: 4,
      bedrooms: 2,
      bathrooms: 1,
      description: 'Quiet.',
      image: SAMPLE_PHOTO,
      photos: [SAMPLE_PHOTO],
      // Sent as the spec sends it, a lone image: on an update it replaces the cover only.
      coverOnly: true,
      // No stay rule named: a new room keeps the defaults, an update what it had.
      rules: {},
    });
  });

  it('names every missing required field', () => {
    expect(messages({})).toEqual({
      title: 'Title is required',
      location: 'Location is required',
      category: 'Please choose a category',
      from: 'Please choose the first available day',
      to: 'Please choose the last available day',
      price: 'Price is required',
      guests: 'Please enter the number of guests',
      bedrooms: 'Please enter the number of bedrooms',
      bathrooms: 'Please enter the number of bathrooms',
      photos: 'Please upload at least one photo',
    });
    // What an emptied form sends: blank text, and NaN from a cleared number input.
    expect(messages({ ...valid, title: '   ', location: '', price: '', guests: Number.NaN, image: '' })).toEqual({
      title: 'Title is required',
      location: 'Location is required',
      price: 'Price is required',
      guests: 'Please enter the number of guests',
      image: 'Please upload a photo of the room',
    });
    expect(schema.parse({ ...valid, description: undefined }).description).toBe('');
  });

  it('keeps the price between $1 and $100,000 with at most two decimals', () => {
    const cents = (price: unknown) => schema.parse({ ...valid, price }).priceCents;
    expect(cents(1)).toBe(100);
    expect(cents('1.00')).toBe(100);
    expect(cents(100_000)).toBe(10_000_000);
    expect(cents('100000')).toBe(10_000_000);
    expect(cents(19.99)).toBe(1999);
    expect(cents(0.1 + 0.2 + 0.7)).toBe(100);
    expect(cents(' 42.5 ')).toBe(4250);
    for (const [price, message] of [
      [0.99, 'Price must be at least $1'],
      ['0.99', 'Price must be at least $1'],
      [0, 'Price must be at least $1'],
      [-5, 'Price must be at least $1'],
      [100_000.01, 'Price must be at most $100,000'],
      ['100000.01', 'Price must be at most $100,000'],
      [19.999, 'Price can have at most two decimals'],
      ['19.999', 'Price can have at most two decimals'],
      ['abc', 'Price must be a number'],
      ['1e3', 'Price must be a number'],
      ['12,50', 'Price must be a number'],
      [Number.POSITIVE_INFINITY, 'Price must be a number'],
      [true, 'Price must be a number'],
    ] as const) {
      expect(messages({ ...valid, price }), String(price)).toEqual({ price: message });
    }
  });

  describe('in another currency', () => {
    afterEach(() => setMarketplaceCurrency('USD'));

    it('takes whole yen only, from ¥100 (the limits are minor units)', () => {
      setMarketplaceCurrency('JPY');
      expect(schema.parse({ ...valid, price: '15000' }).priceCents).toBe(15_000);
      expect(messages({ ...valid, price: '150.5' })).toEqual({ price: 'Price must be a whole number of JPY, without decimals' });
      expect(messages({ ...valid, price: 99 })).toEqual({ price: 'Price must be at least ¥100' });
      expect(messages({ ...valid, price: 10_000_001 })).toEqual({ price: 'Price must be at most ¥10,000,000' });
    });

    it('takes euros with cents', () => {
      setMarketplaceCurrency('EUR');
      expect(schema.parse({ ...valid, price: '19.99' }).priceCents).toBe(1_999);
      expect(messages({ ...valid, price: 0.5 })).toEqual({ price: 'Price must be at least €1' });
    });
  });

  it('keeps guests, bedrooms and bathrooms whole numbers from 1 to 50', () => {
    for (const field of ['guests', 'bedrooms', 'bathrooms'] as const) {
      expect(schema.parse({ ...valid, [field]: 1 })[field]).toBe(1);
      expect(schema.parse({ ...valid, [field]: 50 })[field]).toBe(50);
      expect(schema.parse({ ...valid, [field]: '50' })[field]).toBe(50);
      expect(messages({ ...valid, [field]: 0 })).toEqual({ [field]: `The number of ${field} must be at least 1` });
      expect(messages({ ...valid, [field]: 51 })).toEqual({ [field]: `The number of ${field} must be at most 50` });
      expect(messages({ ...valid, [field]: 2.5 })).toEqual({ [field]: `The number of ${field} must be a whole number` });
      expect(messages({ ...valid, [field]: '2.5' })).toEqual({ [field]: `The number of ${field} must be a whole number` });
      expect(messages({ ...valid, [field]: 'two' })).toEqual({ [field]: `The number of ${field} must be a whole number` });
    }
  });

  it('limits title and location to 120 characters and the description to 5,000, after trimming', () => {
    expect(schema.parse({ ...valid, title: 'T'.repeat(120), location: 'L'.repeat(120), description: 'D'.repeat(5000) })).toMatchObject({
      title: 'T'.repeat(120),
      location: 'L'.repeat(120),
    });
    expect(schema.parse({ ...valid, title: ` ${'T'.repeat(120)} ` }).title).toHaveLength(120);
    expect(messages({ ...valid, title: 'T'.repeat(121), location: 'L'.repeat(121), description: 'D'.repeat(5001) })).toEqual({
      title: 'Title must be at most 120 characters',
      location: 'Location must be at most 120 characters',
      description: 'Description must be at most 5,000 characters',
    });
    expect(messages({ ...valid, title: 'A\u0000B', location: 'Tab\there' })).toEqual({
      title: 'Title contains characters that are not allowed',
      location: 'Location contains characters that are not allowed',
    });
    expect(schema.parse({ ...valid, description: 'Line one\nLine two\tend' }).description).toBe('Line one\nLine two\tend');
    expect(messages({ ...valid, description: 'bell\u0007' })).toEqual({ description: 'Description contains characters that are not allowed' });
  });

  it('accepts only the category list', () => {
    expect(messages({ ...valid, category: 'Volcano' })).toEqual({ category: 'Please choose a category' });
    expect(messages({ ...valid, category: 'lake' })).toEqual({ category: 'Please choose a category' });
  });

  it('accepts only an image this product stored, never an outside address', () => {
    const outside = 'Please upload the photo here; pictures from other sites are not accepted';
    for (const image of [
      'https://tracker.example/pixel.gif',
      '//evil.example/uploads/0b7e1f8c-1b2a-4c3d-9e8f-112233445566.webp',
      'http://localhost:3000/uploads/0b7e1f8c-1b2a-4c3d-9e8f-112233445566.webp',
      '/uploads/0b7e1f8c-1b2a-4c3d-9e8f-112233445566-320w.webp',
      '/uploads/../auth-secret',
      'javascript:alert(1)',
    ]) {
      expect(messages({ ...valid, image }), image).toEqual({ image: outside });
    }
  });

  it('keeps availability from today on, ending after it starts, at most two years long', () => {
    expect(schema.parse({ ...valid, from: TODAY, to: '2026-03-11' }).from).toBe(TODAY);
    expect(messages({ ...valid, from: '2026-03-09', to: '2026-03-11' })).toEqual({ from: 'Availability cannot start before today' });
    expect(messages({ ...valid, from: '2026-04-01', to: '2026-04-01' })).toEqual({ to: 'Availability must end after it starts' });
    expect(messages({ ...valid, from: '2026-04-02', to: '2026-04-01' })).toEqual({ to: 'Availability must end after it starts' });
    expect(schema.parse({ ...valid, from: '2026-04-01', to: '2028-04-01' }).to).toBe('2028-04-01');
    expect(messages({ ...valid, from: '2026-04-01', to: '2028-04-02' })).toEqual({ to: 'Availability can be at most two years long' });
    expect(messages({ ...valid, from: '2026-13-01', to: '2026-02-30' })).toEqual({
      from: 'Please enter a date as YYYY-MM-DD',
      to: 'Please enter a date as YYYY-MM-DD',
    });
    // Every message at once, as the form shows them.
    expect(messages({ ...valid, title: '', from: '2026-03-01', to: '2026-02-01' })).toEqual({
      title: 'Title is required',
      from: 'Availability cannot start before today',
      to: 'Availability must end after it starts',
    });
  });

  it('lets an update keep the start of a window that has already begun, and nothing earlier', () => {
    const update = roomInputSchemaFor({ today: TODAY, keep: { from: '2026-02-01', to: '2026-05-01' } });
    expect(update.parse({ ...valid, from: '2026-02-01', to: '2026-05-01' }).from).toBe('2026-02-01');
    expect(messages({ ...valid, from: '2026-01-31', to: '2026-05-01' }, update)).toEqual({ from: 'Availability cannot start before today' });
    const keep = { from: '2026-02-01', to: '2026-05-01' };
    expect(availabilityDatesError({ from: '2026-02-01', to: '2026-06-01' }, { today: TODAY, keep })).toBeNull();
    expect(availabilityDatesError({ from: '2026-02-02', to: '2026-05-01' }, { today: TODAY, keep })).toEqual({
      field: 'from',
      message: 'Availability cannot start before today',
    });
    expect(availabilityDatesError({ from: TODAY, to: '2026-04-01' }, { today: TODAY })).toBeNull();
    // The server's update schema leaves the dates' rules of today to the service, which knows the stored room.
    expect(roomInputSchema.parse({ ...valid, from: '2020-01-01', to: '2020-02-01' }).from).toBe('2020-01-01');
    expect(roomInputSchema.parse({ ...valid, from: '2040-01-01', to: '2040-02-01' }).from).toBe('2040-01-01');
  });

  it('ends availability at most three years from today, the nights other sites\' calendars are read for', () => {
    // TODAY is 2026-03-10: the last check-out day may be 2029-03-10.
    expect(schema.parse({ ...valid, from: '2028-03-11', to: '2029-03-10' }).to).toBe('2029-03-10');
    expect(messages({ ...valid, from: '2028-03-11', to: '2029-03-11' })).toEqual({ to: 'Availability can end at most three years from today' });
    // A start past the reach leaves no end to pick.
    expect(messages({ ...valid, from: '2029-06-01', to: '2029-06-02' })).toEqual({ to: 'Availability can end at most three years from today' });
    // An update may keep an end stored before the rule, and nothing further.
    const keep = { from: '2028-01-01', to: '2029-12-01' };
    expect(roomInputSchemaFor({ today: TODAY, keep }).parse({ ...valid, ...keep }).to).toBe('2029-12-01');
    expect(availabilityDatesError({ from: '2028-01-01', to: '2029-12-02' }, { today: TODAY, keep })).toEqual({
      field: 'to',
      message: 'Availability can end at most three years from today',
    });
  });

  describe('photos', () => {
    const photo = (n: number) => `/uploads/0b7e1f8c-1b2a-4c3d-9e8f-${String(n).padStart(12, '0')}.webp`;
    const { image: _lone, ...withoutImage } = valid;
    const many = (count: number) => Array.from({ length: count }, (_, i) => photo(i + 1));

    it('keeps 1 to 10 photos in the order sent, the first being the cover', () => {
      const result = schema.parse({ ...withoutImage, photos: [photo(3), photo(1), photo(2)] });
      expect(result.photos).toEqual([photo(3), photo(1), photo(2)]);
      expect(result.image).toBe(photo(3));
      expect(schema.parse({ ...withoutImage, photos: many(10) }).photos).toHaveLength(10);
    });

    it('refuses none, more than 10, duplicates and pictures from elsewhere, naming photos', () => {
      expect(messages({ ...withoutImage, photos: [] })).toEqual({ photos: 'Please upload at least one photo' });
      expect(messages({ ...withoutImage })).toEqual({ photos: 'Please upload at least one photo' });
      expect(messages({ ...withoutImage, photos: many(11) })).toEqual({ photos: 'A room can have at most 10 photos' });
      expect(messages({ ...withoutImage, photos: [photo(1), photo(2), photo(1)] })).toEqual({ photos: 'Each photo can be added only once' });
      expect(messages({ ...withoutImage, photos: [photo(1), 'https://tracker.example/pixel.gif'] })).toEqual({
        photos: 'Please upload the photos here; pictures from other sites are not accepted',
      });
      expect(messages({ ...withoutImage, photos: 'not a list' })).toEqual({ photos: 'Photos must be a list of uploaded pictures' });
    });

    it('takes a lone image as the one photo, and an image beside photos only when it is their first', () => {
      expect(schema.parse(valid)).toMatchObject({ image: SAMPLE_PHOTO, photos: [SAMPLE_PHOTO] });
      expect(schema.parse({ ...valid, image: photo(1), photos: [photo(1), photo(2)] })).toMatchObject({ image: photo(1), photos: [photo(1), photo(2)] });
      expect(messages({ ...valid, image: photo(2), photos: [photo(1), photo(2)] })).toEqual({ image: 'The cover (image) must be the first of the photos' });
    });
  });

  it('measures two years by the calendar', () => {
    expect(latestAvailabilityEnd('2026-04-01')).toBe('2028-04-01');
    expect(latestAvailabilityEnd('2028-02-29')).toBe('2030-03-01');
  });
});
