/**
 * The category strip, in the order the product spec gives it (section 2, Home). Written out here rather
 * than imported from the app, so a label dropped or reordered in the app fails the tests.
 */
export const CATEGORY_LABELS = [
  'Beach',
  'Windmills',
  'Modern',
  'Countryside',
  'Pools',
  'Islands',
  'Lake',
  'Skiing',
  'Castles',
  'Caves',
  'Camping',
  'Arctic',
  'Desert',
  'Barns',
  'Lux',
] as const;
