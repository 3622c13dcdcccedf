import type { RoomInputValues } from '../room-input.js';

/** A photo of the host's own upload, as the room form sends it. */
export const SAMPLE_PHOTO = '/uploads/0b7e1f8c-1b2a-4c3d-9e8f-112233445566.webp';

/**
 * A room as a host fills in the room form: every required detail, each valid. The tests of the room's checks (the
 * domain's, the same checks in the page's language, the form's) start from it and change what they test.
 */
export const ROOM_INPUT_SAMPLE = {
  title: 'Cabin by the lake',
  location: 'Hallstatt, Austria',
  category: 'Lake',
  from: '2027-04-01',
  to: '2027-04-30',
  price: 120,
  guests: 4,
  bedrooms: 2,
  bathrooms: 1,
  description: 'Quiet.',
  image: SAMPLE_PHOTO,
} as const satisfies RoomInputValues;
