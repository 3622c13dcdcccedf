import { withLocale } from '@staybook/domain/locale';
import { readRefusalFacts, refusalText } from '@staybook/domain/refusals';
import '../locales/es/catalog.js';

/** A Spanish page's request: its browser's language (the `lang` cookie would say the same; a signed-in call sends the session's). */
export const SPANISH_PAGE = { 'accept-language': 'es-ES,es;q=0.9' };

/**
 * A refusal written around a value, as a Spanish page writes it from the answer's `facts` (decision 062): with the
 * domain's `refusalText`, the function the API wrote its English `message` with, and the Spanish catalog. Undefined
 * when the answer carries no facts that function knows.
 */
export function refusalInSpanish(res: { json(): unknown }): string | undefined {
  const facts = readRefusalFacts((res.json() as { error?: { facts?: Record<string, string> } }).error?.facts);
  return facts ? withLocale('es', () => refusalText(facts)) : undefined;
}
