import { calendarRefusalText, nightChangeSchema } from '@staybook/domain/host-calendar';
import { ApiRequestError } from '../../lib/api-client';
import { calendarErrorText } from './utils/host-calendar-changes';
import { LISTING_RULE_FIELDS, listingRulesProblems } from '@staybook/domain/listing-rules-input';
import { DEFAULT_LISTING_RULES } from '@staybook/domain/listing-rules';
import { i18n, withLocale } from '@staybook/domain/locale';
import { availabilityDatesError, roomInputSchema } from '@staybook/domain/room-input';
import { ROOM_INPUT_SAMPLE, SAMPLE_PHOTO } from '@staybook/domain/test/room-input-sample';
import { calendarImportInputSchema } from '@staybook/domain/calendar';
import {
  CALENDAR_SYNC_MESSAGES,
  calendarSyncReasons,
  calendarSyncReasonSentence,
  calendarSyncReasonText,
  lastErrorText,
  type CalendarSyncReason,
} from '@staybook/domain/calendar-sync-reasons';
import { setMarketplaceCurrency, tooManyDecimalsMessage } from '@staybook/domain/money';
import { afterEach, describe, expect, it } from 'vitest';
import '../../locales/es/catalog';

/** The first message a schema gives for `value`, written in `locale`. */
function refusal(locale: 'en' | 'es', check: () => { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return withLocale(locale, () => check().error?.issues[0]?.message);
}

/** Each check's message on a Spanish page and on an English one (the server's, unchanged). */
function expectBoth(check: () => { success: boolean; error?: { issues: { message: string }[] } }, es: string, en: string): void {
  expect(refusal('es', check)).toBe(es);
  expect(refusal('en', check)).toBe(en);
}

afterEach(() => setMarketplaceCurrency('USD'));

describe("a host's stay rules and calendar prices, refused in the page's language", () => {
  it('writes the weekday, cut-off and price checks in Spanish on a Spanish page, and as before in English', () => {
    const none = () => LISTING_RULE_FIELDS.checkInDays.safeParse([]);
    const outOfRange = () => LISTING_RULE_FIELDS.checkOutDays.safeParse([7]);
    const cutOff = () => LISTING_RULE_FIELDS.sameDayUntil.safeParse('noon');
    const price = () => nightChangeSchema.safeParse({ price: '0' });
    expect(refusal('es', none)).toBe('Elige al menos un día de llegada');
    expect(refusal('es', outOfRange)).toBe('Los días de salida deben ser días de la semana del 0 (domingo) al 6 (sábado)');
    expect(refusal('es', cutOff)).toBe('La hora límite del mismo día debe ser una hora como 18:00');
    expect(refusal('es', price)).toMatch(/^El precio por noche debe ser un importe de .+1 a .+100.000/);
    expect(refusal('en', none)).toBe('Please choose at least one check-in day');
    expect(refusal('en', outOfRange)).toBe('Check-out days must be weekdays from 0 (Sunday) to 6 (Saturday)');
    expect(refusal('en', cutOff)).toBe('Same-day cut-off must be a time such as 18:00');
    expect(refusal('en', price)).toBe('Price per night must be an amount from $1 to $100,000');
  });

  it('writes the number checks of the whole-number and choice fields with their limits, one sentence per field', () => {
    expectBoth(() => LISTING_RULE_FIELDS.minNights.safeParse(0), 'El mínimo de noches debe ser un número entero de 1 a 365', 'Minimum nights must be a whole number from 1 to 365');
    expectBoth(() => LISTING_RULE_FIELDS.maxNights.safeParse('2.5'), 'El máximo de noches debe ser un número entero de 1 a 365', 'Maximum nights must be a whole number from 1 to 365');
    expectBoth(() => LISTING_RULE_FIELDS.noticeDays.safeParse(8), 'La antelación mínima debe ser un número entero de 0 a 7 días', 'Advance notice must be a whole number from 0 to 7 days');
    expectBoth(
      () => LISTING_RULE_FIELDS.guestsIncluded.safeParse(true),
      'Los huéspedes incluidos en el precio deben ser un número entero de 1 a 50',
      'Guests included in the price must be a whole number from 1 to 50',
    );
    expectBoth(() => LISTING_RULE_FIELDS.weeklyDiscount.safeParse(91), 'El descuento semanal debe ser un número entero de 0 a 90 por ciento', 'Weekly discount must be a whole number from 0 to 90 percent');
    expectBoth(() => LISTING_RULE_FIELDS.monthlyDiscount.safeParse(-1), 'El descuento mensual debe ser un número entero de 0 a 90 por ciento', 'Monthly discount must be a whole number from 0 to 90 percent');
    expectBoth(
      () => LISTING_RULE_FIELDS.bookingWindowMonths.safeParse(5),
      'La ventana de reserva debe ser de 3, 6, 9, 12 o 24 meses, o quedar vacía para toda la disponibilidad',
      'Booking window must be 3, 6, 9, 12 or 24 months, or empty for the whole availability',
    );
    expectBoth(() => LISTING_RULE_FIELDS.preparationNights.safeParse(3), 'El tiempo de preparación debe ser de 0, 1 o 2 noches', 'Preparation time must be 0, 1 or 2 nights');
    expectBoth(() => LISTING_RULE_FIELDS.instantBook.safeParse('yes'), 'La reserva inmediata debe ser verdadera o falsa', 'Instant book must be true or false');
  });

  it('writes the money checks with the currency and the limits', () => {
    expectBoth(() => LISTING_RULE_FIELDS.cleaningFee.safeParse('ten'), 'Los gastos de limpieza deben ser un importe en dólares', 'Cleaning fee must be an amount in dollars');
    expectBoth(() => LISTING_RULE_FIELDS.extraGuestFee.safeParse('12.345'), 'El cargo por huésped adicional puede tener como máximo dos decimales', 'Extra guest fee can have at most two decimals');
    expectBoth(() => LISTING_RULE_FIELDS.weekendPrice.safeParse('0.5'), 'El precio de fin de semana debe ser de al menos $1', 'Weekend price must be at least $1');
    expectBoth(() => LISTING_RULE_FIELDS.cleaningFee.safeParse('100001'), 'Los gastos de limpieza deben ser como máximo de $100,000', 'Cleaning fee must be at most $100,000');
    setMarketplaceCurrency('JPY');
    expectBoth(
      () => LISTING_RULE_FIELDS.weekendPrice.safeParse('1500.5'),
      'El precio de fin de semana debe ser un número entero de JPY, sin decimales',
      'Weekend price must be a whole number of JPY, without decimals',
    );
    expectBoth(() => nightChangeSchema.safeParse({ price: '1500.5' }), 'El precio por noche debe ser un número entero de JPY, sin decimales', 'Price per night must be a whole number of JPY, without decimals');
    expectBoth(() => LISTING_RULE_FIELDS.extraGuestFee.safeParse('yen'), 'El cargo por huésped adicional debe ser un importe en JPY', 'Extra guest fee must be an amount in JPY');
    expect(withLocale('es', () => tooManyDecimalsMessage('Price'))).toBe('El precio debe ser un número entero de JPY, sin decimales');
    expect(withLocale('en', () => tooManyDecimalsMessage('Price'))).toBe('Price must be a whole number of JPY, without decimals');
  });

  it("writes a calendar night's minimum stay, block and note checks, and the rules' checks between fields", () => {
    expectBoth(() => nightChangeSchema.safeParse({ minNights: 0 }), 'La estancia mínima debe ser un número entero de 1 a 365 noches', 'Minimum stay must be a whole number from 1 to 365 nights');
    expectBoth(() => nightChangeSchema.safeParse({ minNights: 366 }), 'La estancia mínima debe ser un número entero de 1 a 365 noches', 'Minimum stay must be a whole number from 1 to 365 nights');
    expectBoth(() => nightChangeSchema.safeParse({ blocked: 'yes' }), 'El bloqueo debe ser verdadero o falso', 'Blocked must be true or false');
    expectBoth(() => nightChangeSchema.safeParse({ note: 'x'.repeat(501) }), 'La nota debe tener como máximo 500 caracteres', 'Note must be at most 500 characters');
    const rules = { ...DEFAULT_LISTING_RULES, minNights: 5, maxNights: 3, sameDayUntil: '18:00', noticeDays: 1 };
    expect(withLocale('es', () => listingRulesProblems(rules))).toEqual({
      maxNights: 'El máximo de noches debe ser al menos el mínimo de noches',
      sameDayUntil: 'Una hora límite del mismo día requiere una antelación mínima de 0 días',
    });
    expect(withLocale('en', () => listingRulesProblems(rules))).toEqual({
      maxNights: 'Maximum nights must be at least the minimum nights',
      sameDayUntil: 'A same-day cut-off needs an advance notice of 0 days',
    });
  });

  it("shows the availability window's checks, which the page's catalog knows, in Spanish: the pricing page's dates", () => {
    const start = availabilityDatesError({ from: '2027-03-01', to: '2027-04-01' }, { today: '2027-03-03' })!.message;
    const reach = availabilityDatesError({ from: '2027-03-03', to: '2030-03-04' }, { today: '2027-03-03' })!.message;
    const known = (english: string) => () => ({ success: false, error: { issues: [{ message: i18n.known(english) }] } });
    expectBoth(known(start), 'La disponibilidad no puede empezar antes de hoy', 'Availability cannot start before today');
    expectBoth(known('Availability must end after it starts'), 'La disponibilidad debe terminar después de empezar', 'Availability must end after it starts');
    expectBoth(known(reach), 'La disponibilidad puede terminar como máximo tres años después de hoy', 'Availability can end at most three years from today');
    expectBoth(known('Availability can be at most two years long'), 'La disponibilidad puede durar como máximo dos años', 'Availability can be at most two years long');
    expectBoth(known('Please choose the first available day'), 'Elige el primer día disponible', 'Please choose the first available day');
    expectBoth(known('Please choose the last available day'), 'Elige el último día disponible', 'Please choose the last available day');
    expectBoth(known('Please enter a date as YYYY-MM-DD'), 'Escribe una fecha como AAAA-MM-DD', 'Please enter a date as YYYY-MM-DD');
  });

  it("writes the host calendar's refusals that name a date from their facts: in Spanish on a Spanish page, the server's English unchanged", () => {
    const end = { refusal: 'past-the-end', last: '2030-03-04' } as const;
    const past = { refusal: 'before-today', today: '2027-03-03' } as const;
    const stay = { refusal: 'stay-in-the-way', from: '2027-03-05', to: '2027-03-07' } as const;
    expect(withLocale('es', () => [end, past, stay].map(calendarRefusalText))).toEqual([
      'El calendario llega como máximo hasta el 4 mar 2030.',
      'Las noches anteriores a hoy (3 mar 2027 donde está el alojamiento) no se pueden cambiar.',
      'Una estancia confirmada del 5 mar 2027 al 7 mar 2027 ocupa algunas de estas noches, así que no se pueden bloquear. Elige otras noches o cancela antes la estancia.',
    ]);
    expect(withLocale('en', () => [end, past, stay].map(calendarRefusalText))).toEqual([
      'The calendar reaches Mar 4, 2030 at the latest.',
      'Nights before today (Mar 3, 2027 where the home is) cannot be changed.',
      'A confirmed stay from Mar 5, 2027 to Mar 7, 2027 holds some of these nights, so they cannot be blocked. Choose other nights, or cancel the stay first.',
    ]);
    // The API's answer: the field named before the sentence, which an English page shows as it came.
    const english = 'from: The calendar reaches Mar 4, 2030 at the latest.';
    const refused = () => new ApiRequestError(400, 'VALIDATION_FAILED', english, { from: 'The calendar reaches Mar 4, 2030 at the latest.' }, end);
    expect(withLocale('es', () => calendarErrorText(refused()))).toBe('El calendario llega como máximo hasta el 4 mar 2030.');
    expect(withLocale('en', () => calendarErrorText(refused()))).toBe(english);
    // Facts it does not know, or none: the server's words.
    const other = () => new ApiRequestError(400, 'VALIDATION_FAILED', 'The address calendar.example could not be found.', {}, { refusal: 'something-else' });
    expect(withLocale('es', () => calendarErrorText(other()))).toBe('The address calendar.example could not be found.');
    // Calendar sync's refusals that name nothing are in the catalog.
    expect(withLocale('es', () => new ApiRequestError(409, 'CONFLICT', 'This calendar is already imported for this room.').message)).toBe(
      'Este calendario ya está importado para este alojamiento.',
    );
    expect(withLocale('es', () => calendarErrorText(new ApiRequestError(400, 'VALIDATION_FAILED', 'A change can cover at most two years of nights.')))).toBe(
      'Un cambio puede abarcar como máximo dos años de noches.',
    );
  });
});

const ROOM = ROOM_INPUT_SAMPLE;

/** The room form's message for `field` when the room has `change`, written in `locale`. */
function roomRefusal(locale: 'en' | 'es', change: Record<string, unknown>, field: string): string | undefined {
  return withLocale(locale, () => roomInputSchema.safeParse({ ...ROOM, ...change }).error?.issues.find((issue) => issue.path[0] === field)?.message);
}

/** Each room check's message on a Spanish page and as the server writes it (English, unchanged). */
function expectRoom(change: Record<string, unknown>, field: string, es: string, en: string): void {
  expect(roomRefusal('es', change, field)).toBe(es);
  expect(roomRefusal('en', change, field)).toBe(en);
}

describe("the room form's checks of the room's own details, in the page's language", () => {
  it('writes the title, location, description, house rules, address and arrival instructions checks, one sentence per field', () => {
    expectRoom({ title: undefined }, 'title', 'El título es obligatorio', 'Title is required');
    expectRoom({ title: 5 }, 'title', 'El título debe ser texto', 'Title must be text');
    expectRoom({ title: 'x'.repeat(121) }, 'title', 'El título debe tener como máximo 120 caracteres', 'Title must be at most 120 characters');
    expectRoom({ title: 'a\u0007b' }, 'title', 'El título contiene caracteres que no están permitidos', 'Title contains characters that are not allowed');
    expectRoom({ location: '  ' }, 'location', 'La ubicación es obligatoria', 'Location is required');
    expectRoom({ location: 'x'.repeat(121) }, 'location', 'La ubicación debe tener como máximo 120 caracteres', 'Location must be at most 120 characters');
    expectRoom({ description: 'x'.repeat(5001) }, 'description', 'La descripción debe tener como máximo 5000 caracteres', 'Description must be at most 5,000 characters');
    expectRoom({ description: 'a\u0007b' }, 'description', 'La descripción contiene caracteres que no están permitidos', 'Description contains characters that are not allowed');
    expectRoom({ houseRules: 'x'.repeat(2001) }, 'houseRules', 'Las normas de la casa deben tener como máximo 2000 caracteres', 'House rules must be at most 2,000 characters');
    expectRoom({ houseRules: 'a\u0007b' }, 'houseRules', 'Las normas de la casa contienen caracteres que no están permitidos', 'House rules contain characters that are not allowed');
    expectRoom({ houseRules: 3 }, 'houseRules', 'Las normas de la casa deben ser texto', 'House rules must be text');
    expectRoom({ address: 'x'.repeat(201) }, 'address', 'La dirección debe tener como máximo 200 caracteres', 'Address must be at most 200 characters');
    expectRoom({ address: 'a\u0007b' }, 'address', 'La dirección contiene caracteres que no están permitidos', 'Address contains characters that are not allowed');
    expectRoom(
      { arrivalInstructions: 'x'.repeat(2001) },
      'arrivalInstructions',
      'Las instrucciones de llegada deben tener como máximo 2000 caracteres',
      'Arrival instructions must be at most 2,000 characters',
    );
  });

  it('writes the counts, category, times, pin, time zone and photos checks', () => {
    expectRoom({ guests: '' }, 'guests', 'Escribe el número de huéspedes', 'Please enter the number of guests');
    expectRoom({ bedrooms: '1.5' }, 'bedrooms', 'El número de dormitorios debe ser un número entero', 'The number of bedrooms must be a whole number');
    expectRoom({ bathrooms: 0 }, 'bathrooms', 'El número de baños debe ser al menos 1', 'The number of bathrooms must be at least 1');
    expectRoom({ guests: 51 }, 'guests', 'El número de huéspedes debe ser como máximo 50', 'The number of guests must be at most 50');
    expectRoom({ category: 'Castle' }, 'category', 'Elige una categoría', 'Please choose a category');
    expectRoom({ checkInTime: '3pm' }, 'checkInTime', 'La hora de llegada debe ser una hora como 15:00', 'Check-in time must be a time such as 15:00');
    expectRoom({ checkOutTime: '25:00' }, 'checkOutTime', 'La hora de salida debe ser una hora como 11:00', 'Check-out time must be a time such as 11:00');
    expectRoom({ latitude: 91, longitude: 0 }, 'latitude', 'La latitud debe estar entre -90 y 90', 'Latitude must be between -90 and 90');
    expectRoom({ latitude: 0, longitude: 'east' }, 'longitude', 'La longitud debe ser un número', 'Longitude must be a number');
    expectRoom({ latitude: 10 }, 'longitude', 'Coloca el marcador: indica tanto la latitud como la longitud', 'Please place the pin: give both latitude and longitude');
    expectRoom({ timeZone: 'Mars/Base' }, 'timeZone', 'Elige una zona horaria como Europe/Lisbon', 'Please choose a time zone such as Europe/Lisbon');
    expectRoom({ cancellationPolicy: 'Lenient' }, 'cancellationPolicy', 'Elige una política de cancelación', 'Please choose a cancellation policy');
    expectRoom({ image: undefined }, 'photos', 'Sube al menos una foto', 'Please upload at least one photo');
    expectRoom({ photos: [] }, 'photos', 'Sube al menos una foto', 'Please upload at least one photo');
    expectRoom({ photos: Array.from({ length: 11 }, () => SAMPLE_PHOTO) }, 'photos', 'Un alojamiento puede tener como máximo 10 fotos', 'A room can have at most 10 photos');
    expectRoom({ photos: [SAMPLE_PHOTO, SAMPLE_PHOTO] }, 'photos', 'Cada foto solo se puede añadir una vez', 'Each photo can be added only once');
    expectRoom(
      { image: 'https://elsewhere.example/a.jpg' },
      'image',
      'Sube la foto aquí; no se aceptan imágenes de otros sitios',
      'Please upload the photo here; pictures from other sites are not accepted',
    );
  });
  it("shows the server's own refusals of a room's field, which name nothing, from the catalog", () => {
    const known = (english: string) => () => ({ success: false, error: { issues: [{ message: i18n.known(english) }] } });
    expectBoth(known('This time zone is not known to the server'), 'El servidor no conoce esta zona horaria', 'This time zone is not known to the server');
    expectBoth(
      known('Please upload your own photos; one of these was uploaded by someone else'),
      'Sube tus propias fotos; una de estas la ha subido otra persona',
      'Please upload your own photos; one of these was uploaded by someone else',
    );
  });
});

describe("calendar sync's reasons, in the page's language", () => {
  it('writes each reason around a value from the English the server stored or answered, and leaves the English as it was', () => {
    const english = withLocale('en', () => [
      calendarSyncReasons.hostNotFound('calendar.example'),
      calendarSyncReasons.httpStatus(404),
      calendarSyncReasons.noAnswer(10),
      calendarSyncReasons.tooLarge(2),
      calendarSyncReasons.tooManyEvents(5000),
      calendarSyncReasons.tooSlow(5),
      calendarSyncReasons.tooManyImports(10),
    ]);
    expect(english).toEqual([
      'The address calendar.example could not be found.',
      'The other site answered with HTTP status 404.',
      'The other site did not answer within 10 seconds.',
      'The calendar is larger than 2 MB, so it was not imported.',
      'The calendar has more than 5000 events, so it was not imported.',
      'The calendar took longer than 5 seconds to read, so it was not imported.',
      'A room can import at most 10 calendars. Remove one first.',
    ]);
    expect(withLocale('es', () => english.map(calendarSyncReasonText))).toEqual([
      'No se ha encontrado la dirección calendar.example.',
      'El otro sitio ha respondido con el estado HTTP 404.',
      'El otro sitio no ha respondido en 10 segundos.',
      'El calendario ocupa más de 2 MB, así que no se ha importado.',
      'El calendario tiene más de 5000 eventos, así que no se ha importado.',
      'El calendario ha tardado más de 5 segundos en leerse, así que no se ha importado.',
      'Un alojamiento puede importar como máximo 10 calendarios. Elimina uno primero.',
    ]);
    expect(withLocale('en', () => english.map(calendarSyncReasonText))).toEqual(english);
    expect(withLocale('es', () => calendarSyncReasons.noAnswer(2.5))).toBe('El otro sitio no ha respondido en 2,5 segundos.');
  });

  it("writes an import's kept reason from its code and fact, and reads back one kept before as English", () => {
    const kept = (code: CalendarSyncReason['code'], fact?: string) => ({ lastError: 'Stored English.', lastErrorReason: { code, ...(fact === undefined ? {} : { fact }) } });
    expect(
      withLocale('es', () =>
        [kept('hostNotFound', 'calendar.example'), kept('httpStatus', '404'), kept('noAnswer', '2.5'), kept('tooManyEvents', '5000'), kept('notRead')].map(lastErrorText),
      ),
    ).toEqual([
      'No se ha encontrado la dirección calendar.example.',
      'El otro sitio ha respondido con el estado HTTP 404.',
      'El otro sitio no ha respondido en 2,5 segundos.',
      'El calendario tiene más de 5000 eventos, así que no se ha importado.',
      'No se ha podido leer el calendario.',
    ]);
    // The server writes its English with the same function.
    expect(withLocale('en', () => calendarSyncReasonSentence({ code: 'httpStatus', fact: '404' }))).toBe('The other site answered with HTTP status 404.');
    // Kept before migration 0034 (no reason), or a fact that is not what its sentence names: read back from the English.
    const before = { lastError: 'The other site answered with HTTP status 500.', lastErrorReason: null };
    expect(withLocale('es', () => lastErrorText(before))).toBe('El otro sitio ha respondido con el estado HTTP 500.');
    expect(withLocale('es', () => lastErrorText({ ...before, lastErrorReason: { code: 'httpStatus', fact: 'five hundred' } }))).toBe(
      'El otro sitio ha respondido con el estado HTTP 500.',
    );
    expect(withLocale('es', () => lastErrorText({ lastError: null, lastErrorReason: null }))).toBeNull();
  });

  it('finds the reasons that name nothing in the catalog, and shows an unknown reason as it came', () => {
    for (const message of Object.values(CALENDAR_SYNC_MESSAGES)) {
      expect(withLocale('es', () => calendarSyncReasonText(message))).not.toBe(message);
      expect(withLocale('en', () => calendarSyncReasonText(message))).toBe(message);
    }
    expect(withLocale('es', () => calendarSyncReasonText(CALENDAR_SYNC_MESSAGES.notRead))).toBe('No se ha podido leer el calendario.');
    expect(withLocale('es', () => calendarSyncReasonText('Something else went wrong.'))).toBe('Something else went wrong.');
  });

  it("writes the address field's own checks in Spanish", () => {
    expectBoth(() => calendarImportInputSchema.safeParse({ url: '' }), 'Escribe la dirección del calendario', 'Enter the calendar address');
    expectBoth(
      () => calendarImportInputSchema.safeParse({ url: 'ftp://calendar.example/a.ics' }),
      'Escribe una dirección web que empiece por https:// o http://',
      'Enter a web address starting with https:// or http://',
    );
    expectBoth(
      () => calendarImportInputSchema.safeParse({ url: `https://a.example/${'x'.repeat(2000)}` }),
      'La dirección puede tener como máximo 2000 caracteres',
      'The address can be at most 2000 characters',
    );
  });
});
