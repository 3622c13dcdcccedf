/** The product's texts in the page's language (decision 062): the domain's layer, which the app's components use too. */
export { addCatalog, i18n, type Translate } from '@staybook/domain/locale';

/** A piece of a message with marked words: its text, and the number of its mark (`<0>…</0>`), or null if unmarked. */
export type MessagePart = { text: string; mark: number | null };

/**
 * A translated message whose words are marked for a link or emphasis (`'Sent again with the <0>payout of
 * {date}</0>.'`: one message, so that each language places the marked words where its sentence needs them), in
 * pieces: the component draws each marked piece as its element.
 */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of text.matchAll(/<(\d+)>([\s\S]*?)<\/\1>/g)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index), mark: null });
    parts.push({ text: match[2]!, mark: Number(match[1]) });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: null });
  return parts;
}
