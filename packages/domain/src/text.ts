/** "1 guest", "2 guests": a count with its noun in the right number. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** "Host": a word (a role, say) as the start of a label. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Control characters (line breaks and tabs among them) never come from a person typing a name or a title. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** Line breaks and tabs belong in a text of several lines (a description, a message, a review); other control characters are never typed. */
const CONTROL_CHARACTERS_BUT_LAYOUT = /[^\P{Cc}\n\r\t]/u;

export function hasControlCharactersButLayout(text: string): boolean {
  return CONTROL_CHARACTERS_BUT_LAYOUT.test(text);
}

/** The text with each run of control characters made one space (for a name that came from elsewhere). */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ');
}

/** 'a', 'a and b', 'a, b and c': a list as a sentence says it. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
