/**
 * A chosen file's name for a label of at most `max` characters (the spec truncates past 20): the start of
 * the name, an ellipsis and the extension, so 'sunset-over-the-lake-house.jpg' reads 'sunset-over-the….jpg'.
 */
export function shortFileName(name: string, max = 20): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  // An extension that leaves no room for the name is cut like the rest.
  if (extension.length > max / 2) return `${chars.slice(0, max - 1).join('')}…`;
  const base = [...name.slice(0, dot > 0 ? dot : undefined)];
  return `${base.slice(0, max - 1 - extension.length).join('')}…${extension.join('')}`;
}
