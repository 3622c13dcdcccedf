/**
 * The fifteen room categories, in the order the home page's strip shows them.
 * `icon` names an icon the web app maps to a component, so this package stays free of UI code.
 */
export const CATEGORIES = [
  { label: /*i18n*/ 'Beach', icon: 'beach', description: /*i18n*/ 'This property is close to the beach!' },
  { label: /*i18n*/ 'Windmills', icon: 'windmill', description: /*i18n*/ 'This property has windmills!' },
  { label: /*i18n*/ 'Modern', icon: 'modern', description: /*i18n*/ 'This property is modern!' },
  { label: /*i18n*/ 'Countryside', icon: 'countryside', description: /*i18n*/ 'This property is in the countryside!' },
  { label: /*i18n*/ 'Pools', icon: 'pool', description: /*i18n*/ 'This property has a beautiful pool!' },
  { label: /*i18n*/ 'Islands', icon: 'island', description: /*i18n*/ 'This property is on an island!' },
  { label: /*i18n*/ 'Lake', icon: 'lake', description: /*i18n*/ 'This property is near a lake!' },
  { label: /*i18n*/ 'Skiing', icon: 'skiing', description: /*i18n*/ 'This property has skiing activities!' },
  { label: /*i18n*/ 'Castles', icon: 'castle', description: /*i18n*/ 'This property is an ancient castle!' },
  { label: /*i18n*/ 'Caves', icon: 'cave', description: /*i18n*/ 'This property is in a spooky cave!' },
  { label: /*i18n*/ 'Camping', icon: 'camping', description: /*i18n*/ 'This property offers camping activities!' },
  { label: /*i18n*/ 'Arctic', icon: 'arctic', description: /*i18n*/ 'This property is in arctic environment!' },
  { label: /*i18n*/ 'Desert', icon: 'desert', description: /*i18n*/ 'This property is in the desert!' },
  { label: /*i18n*/ 'Barns', icon: 'barn', description: /*i18n*/ 'This property is in a barn!' },
  { label: /*i18n*/ 'Lux', icon: 'lux', description: /*i18n*/ 'This property is brand new and luxurious!' },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryLabel = Category['label'];
export type CategoryIcon = Category['icon'];

export const CATEGORY_LABELS = CATEGORIES.map((c) => c.label) as unknown as readonly [
  CategoryLabel,
  ...CategoryLabel[],
];

export function findCategory(label: string | null | undefined): Category | undefined {
  return CATEGORIES.find((c) => c.label === label);
}
