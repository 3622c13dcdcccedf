import { setActiveLocale, withLocale } from '@staybook/domain/locale';
import { setMarketplaceCurrency } from '@staybook/domain/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../locales/es/catalog';
import { apiRequest, ApiRequestError, ignoredResponse } from './api-client';

/** The server's refusals around a value, with the facts it answers beside them (apps/api: refusals.ts' `refusalText`). */
const REFUSALS: { status: number; code: string; message: string; facts: Record<string, string>; es: string }[] = [
  {
    status: 409,
    code: 'CONFLICT',
    message: 'A confirmed stay from Jan 5, 2027 to Jan 8, 2027 falls outside the new dates.',
    facts: { refusal: 'stays-outside-dates', count: '1', from: '2027-01-05', to: '2027-01-08' },
    es: 'Una estancia confirmada del 5 ene 2027 al 8 ene 2027 queda fuera de las nuevas fechas.',
  },
  {
    status: 409,
    code: 'CONFLICT',
    message: '3 confirmed stays fall outside the new dates; the first is from Jan 5, 2027 to Jan 8, 2027.',
    facts: { refusal: 'stays-outside-dates', count: '3', from: '2027-01-05', to: '2027-01-08' },
    es: '3 estancias confirmadas quedan fuera de las nuevas fechas; la primera es del 5 ene 2027 al 8 ene 2027.',
  },
  {
    status: 409,
    code: 'CONFLICT',
    message: 'A request to stay from Jan 5, 2027 to Jan 8, 2027 falls outside the new dates. Accept or decline it first.',
    facts: { refusal: 'requests-outside-dates', count: '1', from: '2027-01-05', to: '2027-01-08' },
    es: 'Una solicitud de estancia del 5 ene 2027 al 8 ene 2027 queda fuera de las nuevas fechas. Acéptala o recházala antes.',
  },
  {
    status: 409,
    code: 'CONFLICT',
    message: '2 requests to stay fall outside the new dates; the first is from Jan 5, 2027 to Jan 8, 2027. Accept or decline them first.',
    facts: { refusal: 'requests-outside-dates', count: '2', from: '2027-01-05', to: '2027-01-08' },
    es: '2 solicitudes de estancia quedan fuera de las nuevas fechas; la primera es del 5 ene 2027 al 8 ene 2027. Acéptalas o recházalas antes.',
  },
  {
    status: 409,
    code: 'CONFLICT',
    message: 'This room has 1 upcoming stay. Cancel it in Manage Bookings first.',
    facts: { refusal: 'upcoming-stays', count: '1', cancels: 'you' },
    es: 'Este alojamiento tiene 1 estancia próxima. Cancélala antes en Gestionar reservas.',
  },
  {
    status: 409,
    code: 'CONFLICT',
    message: 'This room has 2 upcoming stays. Its host must cancel them first.',
    facts: { refusal: 'upcoming-stays', count: '2', cancels: 'host' },
    es: 'Este alojamiento tiene 2 estancias próximas. Su anfitrión debe cancelarlas antes.',
  },
  {
    status: 409,
    code: 'CONFLICT',
    message: 'The refund for cancelling this stay is now €50.01 of €100.01. Please look again before cancelling.',
    facts: { refusal: 'refund-changed', refundCents: '5001', totalCents: '10001' },
    // Amounts as the currency setting writes them, in either language (decision 062).
    es: 'El reembolso por cancelar esta estancia es ahora de €50.01 de €100.01. Revísalo antes de cancelar.',
  },
  {
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many requests. Please try again in 1 second.',
    facts: { refusal: 'too-many-requests', seconds: '1' },
    es: 'Demasiadas solicitudes. Vuelve a intentarlo dentro de 1 segundo.',
  },
  {
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many requests. Please try again in 3600 seconds.',
    facts: { refusal: 'too-many-requests', seconds: '3600' },
    es: 'Demasiadas solicitudes. Vuelve a intentarlo dentro de 3600 segundos.',
  },
  {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The image is too large. The limit is 5 MB.',
    facts: { refusal: 'image-too-large', megabytes: '5' },
    es: 'La imagen es demasiado grande. El límite es de 5 MB.',
  },
  {
    status: 409,
    code: 'CONFLICT',
    message: 'You have 10 access tokens, the most one can have. Revoke one you no longer use first.',
    facts: { refusal: 'too-many-access-tokens', max: '10' },
    es: 'Tienes 10 tokens de acceso, el máximo que se puede tener. Revoca antes uno que ya no uses.',
  },
  {
    status: 409,
    code: 'CONFLICT',
    message: 'You have 10 webhook endpoints, the most one can have. Remove one first.',
    facts: { refusal: 'too-many-webhook-endpoints', max: '10' },
    es: 'Tienes 10 endpoints de webhook, el máximo que se puede tener. Quita uno antes.',
  },
];

afterEach(() => {
  setMarketplaceCurrency('USD');
  setActiveLocale('en');
  vi.unstubAllGlobals();
});

describe("the server's refusals around a value, in the page's language", () => {
  it.each(REFUSALS)('writes "$message" from its facts on a Spanish page, and shows the server’s English as it came on an English one', ({ status, code, message, facts, es }) => {
    setMarketplaceCurrency('EUR');
    const refused = () => new ApiRequestError(status, code, message, {}, facts);
    expect(withLocale('es', () => refused().message)).toBe(es);
    expect(withLocale('en', () => refused().message)).toBe(message);
  });

  it.each<Record<string, string>>([
    { refusal: 'something-else', count: '1' },
    { refusal: 'upcoming-stays', count: '1' },
    { refusal: 'upcoming-stays', count: 'two', cancels: 'you' },
    { refusal: 'stays-outside-dates', count: '1', from: '2027-02-30', to: '2027-03-01' },
    { refusal: 'past-the-end', last: '2030-03-04' },
  ])('shows the server’s words when the facts are another refusal’s, incomplete or not counts: %o', (facts) => {
    expect(withLocale('es', () => new ApiRequestError(409, 'CONFLICT', 'The server said so.', {}, facts).message)).toBe('The server said so.');
  });

  it('reads the facts from the answer', async () => {
    const { status, code, message, facts, es } = REFUSALS[3]!;
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ error: { code, message, facts } }), { status, headers: { 'content-type': 'application/json' } })));
    setActiveLocale('es');
    const error = await apiRequest('/api/room/x', ignoredResponse, { method: 'DELETE' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(es);
  });

  it.each([
    ['Only the host of this room or an admin can remove it.', 'Solo el anfitrión de este alojamiento o un administrador pueden quitarlo.'],
    ['Wishlist not found.', 'Lista de deseos no encontrada.'],
    ['This already exists, so it was not saved again.', 'Esto ya existe, así que no se ha guardado de nuevo.'],
    ['This request came from another site and was refused.', 'Esta solicitud venía de otro sitio y se ha rechazado.'],
  ])('shows "%s", a refusal that names nothing, from the catalog (npm run lint holds every one the API answers to it)', (message, es) => {
    expect(withLocale('es', () => new ApiRequestError(409, 'CONFLICT', message).message)).toBe(es);
  });
});
