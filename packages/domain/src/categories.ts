/**
 * The fifteen room categories, in the order the home page's strip shows them.
 * `icon` names an icon the web app maps to a component, so this package stays free of UI code.
 */
export const CATEGORIES = [
  { label: 'Beach', icon: 'beach', description: 'This property is close to the beach!' },
  { label: 'Windmills', icon: 'windmill', description: 'This property has windmills!' },
  { label: 'Modern', icon: 'modern', description: 'This property is modern!' },
  { label: 'Countryside', icon: 'countryside', description: 'This property is in the countryside!' },
  { label: 'Pools', icon: 'pool', description: 'This property has a beautiful pool!' },
  { label: 'Islands', icon: 'island', description: 'This property is on an island!' },
  { label: 'Lake', icon: 'lake', description: 'This property is near a lake!' },
  { label: 'Skiing', icon: 'skiing', description: 'This property has skiing activities!' },
  { label: 'Castles', icon: 'castle', description: 'This property is an ancient castle!' },
  { label: 'Caves', icon: 'cave', description: 'This property is in a spooky cave!' },
  { label: 'Camping', icon: 'camping', description: 'This property offers camping activities!' },
  { label: 'Arctic', icon: 'arctic', description: 'This property is in arctic environment!' },
  { label: 'Desert', icon: 'desert', description: 'This property is in the desert!' },
  { label: 'Barns', icon: 'barn', description: 'This property is in a barn!' },
  { label: 'Lux', icon: 'lux', description: 'This property is brand new and luxurious!' },
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
