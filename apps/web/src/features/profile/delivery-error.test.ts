import { withLocale } from '@staybook/domain/locale';
import { deliveryErrorText, ENDPOINT_UNREACHABLE, ENDPOINT_WAS_DISABLED, endpointAnsweredText } from '@staybook/domain/webhooks';
import { describe, expect, it } from 'vitest';
import '../../locales/es/catalog';

describe("a webhook delivery's recorded error, as Profile's delivery log shows it", () => {
  const written = (locale: 'en' | 'es', delivery: { lastError: string | null; responseStatus: number | null }) => withLocale(locale, () => deliveryErrorText(delivery));

  it('writes a status the endpoint answered with in the page’s language, from the status itself', () => {
    const recorded = { lastError: endpointAnsweredText(503), responseStatus: 503 };
    expect(recorded.lastError).toBe('The endpoint answered with HTTP status 503.');
    expect(written('en', recorded)).toBe('The endpoint answered with HTTP status 503.');
    expect(written('es', recorded)).toBe('El endpoint respondió con el estado HTTP 503.');
  });

  it('writes an address refusal and the outbox’s own sentences in the page’s language', () => {
    expect(written('es', { lastError: ENDPOINT_UNREACHABLE, responseStatus: null })).toBe('No se pudo contactar con el endpoint.');
    expect(written('es', { lastError: ENDPOINT_WAS_DISABLED, responseStatus: 500 })).toBe('El endpoint respondió con el estado HTTP 500.');
    expect(written('es', { lastError: ENDPOINT_WAS_DISABLED, responseStatus: null })).toBe('El endpoint se desactivó.');
    const privateAddress = 'This calendar address points to a private or local network, which StayBook does not fetch from.';
    expect(written('es', { lastError: privateAddress, responseStatus: null })).not.toBe(privateAddress);
    expect(written('en', { lastError: privateAddress, responseStatus: null })).toBe(privateAddress);
  });

  it('has nothing to write for a delivery that has not failed', () => {
    expect(written('es', { lastError: null, responseStatus: 200 })).toBeUndefined();
  });
});
