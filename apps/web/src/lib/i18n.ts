/** The product's texts in the page's language (decision 062): the domain's layer, which the app's components use too. */
export { addCatalog, i18n, type Translate } from '@staybook/domain/locale';

/**
 * A translated sentence with a link in it, the link's words marked `<0>…</0>` in the message (one message, so that
 * each language places the link where its sentence needs it): the words before the link, the link's, and after.
 */
export function aroundLink(text: string): [before: string, link: string, after: string] {
  const match = /^([\s\S]*)<0>([\s\S]*)<\/0>([\s\S]*)$/.exec(text);
  return match ? [match[1]!, match[2]!, match[3]!] : [text, '', ''];
}
