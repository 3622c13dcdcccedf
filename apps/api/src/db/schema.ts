import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES, CATEGORY_LABELS, LISTING_RULE_LIMITS, LOCALES, MARKETPLACE_FEE_LIMITS, ROLES, USER_STATUSES, type Locale, type QuoteLine, type RequestAnswer } from '@staybook/domain';
import type { CalendarSyncReason } from '@staybook/domain/calendar-sync-reasons';

/**
 * A moment in time. Timestamps keep millisecond precision so a value read into a JS Date and written back
 * (e.g. in a pagination cursor) compares equal to the stored one.
 */
const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const createdAt = () => moment('created_at').notNull().defaultNow();
const updatedAt = () => moment('updated_at').notNull().defaultNow();
/**
 * Money is an integer count of the marketplace currency's minor units (cents; whole yen for JPY: decision 061) in
 * 64 bits, in columns named `…_cents` whatever the currency: a long stay at a high nightly price passes 2^31 cents
 * ($21.4M), and sums of many stays pass it sooner. Read as JS numbers (exact up to 2^53 cents, $90 trillion).
 */
const cents = (name: string) => bigint(name, { mode: 'number' });
/** A calendar day, read as 'YYYY-MM-DD' (the domain's IsoDate): text, so no time zone ever shifts it. */
const day = (name: string) => date(name, { mode: 'string' });
/** A run of nights [check_in, check_out): a stay's, a block's, a calendar setting's. */
const nights = () => ({ checkIn: day('check_in').notNull(), checkOut: day('check_out').notNull() });
/** The check every run of nights has: it ends after it starts. */
const nightsInOrder = (name: string, t: { checkIn: AnyPgColumn; checkOut: AnyPgColumn }) => check(name, sql`${t.checkIn} < ${t.checkOut}`);

export const userRole = pgEnum('user_role', ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const roomCategory = pgEnum('room_category', CATEGORY_LABELS);
/**
 * 'requested': a request to book, its card held and its nights taken, waiting for the host's answer (decision 049);
 * accepted it becomes 'confirmed', declined, withdrawn or expired 'cancelled'. Every status but 'cancelled' holds
 * the stay's nights (`holdsNightsSql`, db/stay-sql.ts).
 */
export const bookingStatus = pgEnum('booking_status', ['confirmed', 'cancelled', 'requested']);

/** What a guest who cancels gets back (packages/domain/src/cancellation.ts). */
export const cancellationPolicy = pgEnum('cancellation_policy', CANCELLATION_POLICIES);
/**
 * A payment's life: created (requires_payment) → card authorized, money held (authorized) → captured
 * (succeeded) → refunded; or authorized → voided (canceled) when the stay could not be booked.
 */
export const paymentStatus = pgEnum('payment_status', [
  'requires_payment',
  'authorized',
  'succeeded',
  'refunded',
  'canceled',
]);


/** What removing a row does to the rows that name it: refuse while they exist, or remove them with it. */
type OnDelete = 'restrict' | 'cascade';

/** A required link to a person (their user id). */
function personLink(name: string, onDelete: OnDelete) {
  return text(name).notNull().references(() => users.id, { onDelete });
}

/** A required link to another row (its uuid id), such as a stay's room or a message's booking. */
function rowLink(name: string, target: () => AnyPgColumn, onDelete: OnDelete) {
  return uuid(name).notNull().references(target, { onDelete });
}

/**
 * People with an account. Column names follow the auth library's user model (id, name, email,
 * email_verified, image) so identity can be added without reshaping this table.
 * E-mails are stored in their normalised (lower-case) form; the check keeps every writer honest.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: userRole('role').notNull().default('guest'),
    status: userStatus('status').default('Verified'),
    /**
     * The language the person chose in a picker while signed in (decision 062): their mails are written in it, and
     * a browser they sign in on without a chosen language takes it. Null until they choose (their mails: English).
     */
    locale: text('locale').$type<Locale>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_locale_known', sql`${t.locale} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`),
    check('users_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
    // Whether a stored picture is still shown before it is removed (with rooms_image_idx, bookings_room_image_idx).
    index('users_image_idx').on(t.image),
    // Manage Users: the host requests waiting for an admin (the sidebar's count), and the search by name or e-mail.
    index('users_requested_idx').on(t.createdAt).where(sql`${t.status} = 'Requested'`),
    // Folded as a room's place is (search_fold, migration 0010): 'jose' finds 'José'.
    index('users_search_idx').using('gin', sql`search_fold(${t.name} || ' ' || ${t.email}) gin_trgm_ops`),
    // Manage Users filtered by role, in its e-mail order (decision 033).
    index('users_role_email_idx').on(t.role, t.email),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: personLink('host_id', 'restrict'),
    title: text('title').notNull(),
    location: text('location').notNull(),
    category: roomCategory('category').notNull(),
    availableFrom: day('available_from').notNull(),
    availableTo: day('available_to').notNull(),
    priceCents: cents('price_cents').notNull(),
    guests: integer('guests').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: integer('bathrooms').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    /** The IANA time zone the room is in: its check-in days begin and end there (docs/decisions/026-room-time-zone.md). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The policy new bookings are made under; a booking keeps the one it was made under. */
    cancellationPolicy: cancellationPolicy('cancellation_policy').notNull().default('flexible'),
    /**
     * The secret in the room's iCal export URL (/api/calendar/:token.ics), made when the host first asks for
     * it and replaced when they regenerate it; null until then.
     */
    calendarToken: text('calendar_token'),
    /**
     * The room's photos in the host's order, 1 to 10 (ROOM_LIMITS.maxPhotos); the first is the cover and is always
     * `image` too (the card's picture, the spec's field). Kept in step by every writer; the check holds them to it.
     */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    /** Keys of the domain's amenity list (packages/domain/src/amenities.ts), in that list's order. */
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    /** Local times as HH:MM where the room is (its time zone), or null when the host gives none. */
    checkInTime: text('check_in_time'),
    checkOutTime: text('check_out_time'),
    /** The host's house rules, plain text shown as text ('' for none). */
    houseRules: text('house_rules').notNull().default(''),
    /*
     * Where the home is (docs/decisions/051-where-a-home-is.md): the host's pin and street address, and how to get
     * in, shown to a guest once their stay is confirmed and never before; and the centre of the circle of about
     * 500 m everyone sees, drawn near the pin when the host places it. Null only for a room listed before homes had
     * positions whose location the gazetteer did not know. Searches near a place read the circle's centre, on the
     * GiST index `rooms_area_idx` (migration 0029; drizzle cannot describe it).
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    areaLatitude: doublePrecision('area_latitude'),
    areaLongitude: doublePrecision('area_longitude'),
    address: text('address').notNull().default(''),
    arrivalInstructions: text('arrival_instructions').notNull().default(''),
    /*
     * The listing's stay rules and fees (packages/domain/src/listing-rules.ts, docs/decisions/047-host-calendar-and-price-quote.md);
     * the defaults are the product before hosts could set them: one price, any stay.
     */
    weekendPriceCents: cents('weekend_price_cents'),
    /**
     * How many runs of nights the host set in the calendar (`room_night_settings`), kept in step by that table's
     * triggers (migration 0022): a dated search reads the calendar only of rooms that have one.
     */
    calendarRuns: integer('calendar_runs').notNull().default(0),
    minNights: integer('min_nights').notNull().default(1),
    maxNights: integer('max_nights').notNull().default(LISTING_RULE_LIMITS.maxNights),
    /** Weekdays as 7 bits, bit 0 Sunday (`WeekdayMask`). */
    checkInDays: integer('check_in_days').notNull().default(127),
    checkOutDays: integer('check_out_days').notNull().default(127),
    noticeDays: integer('notice_days').notNull().default(0),
    /** With no notice days: same-day stays until this local time ('HH:MM'); null, all day. */
    sameDayUntil: text('same_day_until'),
    bookingWindowMonths: integer('booking_window_months'),
    preparationNights: integer('preparation_nights').notNull().default(0),
    /** False: a guest requests the stay and the host accepts or declines it within 24 hours (decision 049). */
    instantBook: boolean('instant_book').notNull().default(true),
    cleaningFeeCents: cents('cleaning_fee_cents').notNull().default(0),
    extraGuestFeeCents: cents('extra_guest_fee_cents').notNull().default(0),
    guestsIncluded: integer('guests_included').notNull().default(1),
    weeklyDiscountPct: integer('weekly_discount_pct').notNull().default(0),
    monthlyDiscountPct: integer('monthly_discount_pct').notNull().default(0),
    /** Basis points: 1,234 is 12.34%. */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    /**
     * The rating aggregate of the room's published, visible guest reviews, kept in step in the transaction that
     * publishes, hides or removes one: how many, and the sum of each score (averages are sum / count).
     */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    cleanlinessSum: integer('cleanliness_sum').notNull().default(0),
    accuracySum: integer('accuracy_sum').notNull().default(0),
    communicationSum: integer('communication_sum').notNull().default(0),
    locationSum: integer('location_sum').notNull().default(0),
    checkInSum: integer('check_in_sum').notNull().default(0),
    valueSum: integer('value_sum').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Set when the host (or an admin) removes a room that has past stays: it leaves browsing and
     * listings but stays for the guests' booking history and the statistics.
     */
    deletedAt: moment('deleted_at'),
  },
  (t) => [
    check('rooms_availability_order', sql`${t.availableFrom} < ${t.availableTo}`),
    check('rooms_price_positive', sql`${t.priceCents} > 0`),
    check('rooms_guests_positive', sql`${t.guests} > 0`),
    check('rooms_bedrooms_positive', sql`${t.bedrooms} > 0`),
    check('rooms_bathrooms_positive', sql`${t.bathrooms} > 0`),
    // The two listing paths: all rooms newest first, and one category newest first.
    index('rooms_listing_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('rooms_category_listing_idx')
      .on(t.category, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // My Listings: a host's live rooms newest first; also the host's path to the bookings on their rooms.
    index('rooms_host_idx').on(t.hostId, t.createdAt.desc(), t.id.desc()),
    index('rooms_image_idx').on(t.image),
    // The search's price sorts, both directions (docs/decisions/027-search.md). Its place match is a trigram
    // index on an expression, made by migration 0010 (drizzle cannot describe it).
    index('rooms_price_idx').on(t.priceCents, t.id).where(sql`${t.deletedAt} is null`),
    uniqueIndex('rooms_calendar_token_key').on(t.calendarToken),
    check('rooms_photos_cover', sql`cardinality(${t.photos}) between 1 and 10 and ${t.photos}[1] = ${t.image}`),
    check('rooms_check_in_time', sql`${t.checkInTime} is null or ${t.checkInTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('rooms_check_out_time', sql`${t.checkOutTime} is null or ${t.checkOutTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('rooms_review_count', sql`${t.reviewCount} >= 0`),
    check('rooms_weekend_price_positive', sql`${t.weekendPriceCents} is null or ${t.weekendPriceCents} > 0`),
    check('rooms_stay_nights', sql`1 <= ${t.minNights} and ${t.minNights} <= ${t.maxNights} and ${t.maxNights} <= ${sql.raw(String(LISTING_RULE_LIMITS.maxNights))}`),
    check('rooms_stay_days', sql`${t.checkInDays} between 1 and 127 and ${t.checkOutDays} between 1 and 127`),
    check('rooms_notice', sql`${t.noticeDays} between 0 and ${sql.raw(String(LISTING_RULE_LIMITS.maxNoticeDays))} and (${t.sameDayUntil} is null or (${t.noticeDays} = 0 and ${t.sameDayUntil} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'))`),
    check('rooms_booking_window', sql`${t.bookingWindowMonths} is null or ${t.bookingWindowMonths} in (3, 6, 9, 12, 24)`),
    check('rooms_preparation', sql`${t.preparationNights} between 0 and 2`),
    check('rooms_fees', sql`${t.cleaningFeeCents} >= 0 and ${t.extraGuestFeeCents} >= 0 and ${t.guestsIncluded} >= 1`),
    check('rooms_discounts', sql`${t.weeklyDiscountPct} between 0 and ${sql.raw(String(LISTING_RULE_LIMITS.maxDiscountPct))} and ${t.monthlyDiscountPct} between 0 and ${sql.raw(String(LISTING_RULE_LIMITS.maxDiscountPct))}`),
    check(
      'rooms_position',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null) = (${t.areaLatitude} is null) and (${t.latitude} is null) = (${t.areaLongitude} is null) and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180 and ${t.areaLatitude} between -90 and 90 and ${t.areaLongitude} between -180 and 180`,
    ),
    check('rooms_tax_rate', sql`${t.taxRateBp} between 0 and ${sql.raw(String(LISTING_RULE_LIMITS.maxTaxRateBp))}`),
    // Whether an image is still shown (any photo, not only the cover), and the search's amenities filter.
    index('rooms_photos_idx').using('gin', t.photos),
    index('rooms_amenities_idx').using('gin', t.amenities),
    // 'Top rated' has an expression index of its own, made by migration 0014 (drizzle cannot describe it).
  ],
);

/**
 * A card payment for a stay, as the payment provider reported it. `providerPaymentId` is the
 * provider's id (the spec's transactionId) and can back at most one booking.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    guestId: personLink('guest_id', 'restrict'),
    roomId: rowLink('room_id', () => rooms.id, 'restrict'),
    ...nights(),
    /** The room's nightly price when the payment was created: what the stay is charged at. */
    nightlyPriceCents: cents('nightly_price_cents').notNull(),
    /** How many guests the stay is for, as chosen before paying (1 to the room's guests). */
    guests: integer('guests').notNull().default(1),
    /** The room's cancellation policy when the guest reviewed the stay: the booking is made under it. */
    cancellationPolicy: cancellationPolicy('cancellation_policy').notNull().default('flexible'),
    amountCents: cents('amount_cents').notNull(),
    /** The quote's line items the amount adds up to (packages/domain/src/quote.ts). */
    priceLines: jsonb('price_lines').$type<QuoteLine[]>().notNull(),
    /** The marketplace's rates the stay was quoted with (decision 049): the booking keeps them. */
    guestFeeBp: integer('guest_fee_bp').notNull().default(0),
    hostCommissionBp: integer('host_commission_bp').notNull().default(0),
    /** The room took requests when the guest paid: the stay is requested, for the host to accept, not booked. */
    request: boolean('request').notNull().default(false),
    currency: text('currency').notNull().default('usd'),
    status: paymentStatus('status').notNull().default('requires_payment'),
    /** What the provider tells us about the card; never the number or the CVC. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    refundedCents: cents('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_nightly_price_positive', sql`${t.nightlyPriceCents} > 0`),
    nightsInOrder('payments_stay_order', t),
    check('payments_guests_positive', sql`${t.guests} > 0`),
    check('payments_refund_within_amount', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
    check('payments_card_last4_digits', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    index('payments_guest_idx').on(t.guestId),
    // Forgotten holds (authorized long ago, never booked) are found and voided by this path.
    index('payments_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A guest's stay in a room. Two confirmed bookings of one room can never overlap: the exclusion
 * constraint `bookings_no_overlap` (hand-written migration, drizzle cannot express it) enforces it. Nor can two
 * booked with the same preparation time come closer than it: `bookings_turnover_apart` (migration 0021) widens
 * each by half its `turnover_nights` on both sides, so two confirmed at the same moment cannot both hold.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: rowLink('room_id', () => rooms.id, 'restrict'),
    guestId: personLink('guest_id', 'restrict'),
    paymentId: rowLink('payment_id', () => payments.id, 'restrict'),
    ...nights(),
    /** The room as it was booked, so the guest's history survives later edits or removal. */
    roomTitle: text('room_title').notNull(),
    roomLocation: text('room_location').notNull(),
    roomImage: text('room_image').notNull(),
    nightlyPriceCents: cents('nightly_price_cents').notNull(),
    /** How many guests the stay is for, taken from its payment. */
    guests: integer('guests').notNull().default(1),
    totalCents: cents('total_cents').notNull(),
    /** The line items the stay was charged, from its payment: what every page, mail and refund reads. */
    priceLines: jsonb('price_lines').$type<QuoteLine[]>().notNull(),
    /** The marketplace's rates the stay was booked with, from its payment; a later change of rates never applies. */
    guestFeeBp: integer('guest_fee_bp').notNull().default(0),
    hostCommissionBp: integer('host_commission_bp').notNull().default(0),
    /**
     * What the stay brought in: its total while confirmed; once cancelled, what was captured and not refunded
     * (0 for a full refund or a hold never collected). The statistics' sales are the sum of it.
     */
    keptCents: cents('kept_cents').notNull(),
    /** The room's policy when the stay was booked; a later change by the host never applies to it. */
    cancellationPolicy: cancellationPolicy('cancellation_policy').notNull().default('flexible'),
    /** The room's preparation time when the stay was booked: the nights kept free before and after it. */
    turnoverNights: integer('turnover_nights').notNull().default(0),
    /** The short code people quote (SB-7K3Q-9M2D): on the trip page, the receipt and every mail. */
    reference: text('reference').notNull(),
    status: bookingStatus('status').notNull().default('confirmed'),
    /** A request to book: when it lapses unless the host answers (kept once answered); null for an instant booking. */
    requestExpiresAt: moment('request_expires_at'),
    /** How the request was answered, and when; the host's message to the guest with it, if any. */
    requestAnswer: text('request_answer').$type<RequestAnswer>(),
    requestAnsweredAt: moment('request_answered_at'),
    requestMessage: text('request_message'),
    createdAt: createdAt(),
    cancelledAt: moment('cancelled_at'),
    /**
     * Written before the provider is asked for the refund: a server that dies between the refund and the
     * cancellation leaves this behind, and the payment sweeper finishes the cancellation with the same refund.
     */
    cancelRequestedAt: moment('cancel_requested_at'),
    cancelRequestedBy: text('cancel_requested_by').$type<'guest' | 'host'>(),
    /** The refund decided when the cancellation was asked for, from the stay's policy at that moment. */
    cancelRefundCents: cents('cancel_refund_cents'),
  },
  (t) => [
    uniqueIndex('bookings_payment_key').on(t.paymentId),
    uniqueIndex('bookings_reference_key').on(t.reference),
    check('bookings_reference_format', sql`${t.reference} ~ '^SB-[0-9A-Z]{4}-[0-9A-Z]{4}$'`),
    check('bookings_kept_within_total', sql`${t.keptCents} >= 0 and ${t.keptCents} <= ${t.totalCents}`),
    nightsInOrder('bookings_stay_order', t),
    check('bookings_guests_positive', sql`${t.guests} > 0`),
    check('bookings_turnover_nights', sql`${t.turnoverNights} between 0 and 2`),
    check('bookings_nightly_price_positive', sql`${t.nightlyPriceCents} > 0`),
    check('bookings_total_positive', sql`${t.totalCents} > 0`),
    check(
      'bookings_cancelled_at_matches_status',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`,
    ),
    index('bookings_guest_idx').on(t.guestId, t.createdAt.desc()),
    // My Bookings and Manage Bookings list stays by date; the host's path goes through rooms_host_idx.
    index('bookings_guest_stay_idx').on(t.guestId, t.checkIn, t.id),
    index('bookings_room_stay_idx').on(t.roomId, t.checkIn, t.id),
    // The stays that hold a room's nights (confirmed, or requested and waiting): availability, search, calendars.
    index('bookings_room_holding_idx').on(t.roomId, t.checkOut).where(sql`${t.status} <> 'cancelled'`),
    // Requests waiting for an answer: a host's Requests page and count (through rooms_host_idx), and their expiry.
    index('bookings_request_waiting_idx').on(t.requestExpiresAt).where(sql`${t.requestExpiresAt} is not null and ${t.requestAnswer} is null`),
    check('bookings_request_answer', sql`${t.requestAnswer} is null or ${t.requestAnswer} in ('accepted', 'declined', 'withdrawn', 'expired')`),
    // Written with status as text: the migration that adds 'requested' cannot name the new value in its transaction.
    check(
      'bookings_request_waiting',
      sql`(${t.status}::text = 'requested') = (${t.requestExpiresAt} is not null and ${t.requestAnswer} is null)`,
    ),
    check('bookings_request_message_length', sql`char_length(${t.requestMessage}) <= 1000`),
    // Stays that ended on a day: the review invitations and the review window's end.
    index('bookings_check_out_idx').on(t.checkOut).where(sql`${t.status} = 'confirmed'`),
    index('bookings_room_image_idx').on(t.roomImage),
    // Cancellations the sweeper must finish: asked for, still confirmed.
    index('bookings_cancel_requested_idx')
      .on(t.cancelRequestedAt)
      .where(sql`${t.cancelRequestedAt} is not null and ${t.status} = 'confirmed'`),
    check('bookings_cancel_requested_by', sql`${t.cancelRequestedBy} is null or ${t.cancelRequestedBy} in ('guest', 'host')`),
    // Manage Users: how many stays each host cancelled in the last 12 months (through rooms_host_idx).
    index('bookings_host_cancelled_idx')
      .on(t.roomId, t.cancelledAt)
      .where(sql`${t.status} = 'cancelled' and ${t.cancelRequestedBy} = 'host'`),
  ],
);

/** Signed-in sessions (the auth library's model); the cookie holds the token, signed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: personLink('user_id', 'cascade'),
    expiresAt: moment('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_idx').on(t.userId)],
);

/**
 * Ways a user signs in: `credential` (password hash) or an identity provider (`google`, with its
 * subject as accountId). One user may have several.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: personLink('user_id', 'cascade'),
    providerId: text('provider_id').notNull(),
    accountId: text('account_id').notNull(),
    password: text('password'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: moment('access_token_expires_at'),
    refreshTokenExpiresAt: moment('refresh_token_expires_at'),
    scope: text('scope'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_provider_account_key').on(t.providerId, t.accountId),
    index('accounts_user_idx').on(t.userId),
  ],
);

/** Short-lived secrets: password-reset tokens and OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: moment('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Every role change: who made it, to whom, from what, to what, when. */
export const roleChanges = pgTable(
  'role_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    userId: personLink('user_id', 'cascade'),
    fromRole: userRole('from_role').notNull(),
    toRole: userRole('to_role').notNull(),
    /** Who or what made the change when no user did: 'admin', 'cli'. */
    via: text('via').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('role_changes_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * The built-in test-mode card processor's own records (integrations/payments/test-processor.ts). They
 * are what Stripe keeps on its side: intents with their status and amounts, and every event on them.
 * Only the card's brand and last four digits are kept.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Stripe's PaymentIntent statuses: requires_payment_method, requires_capture, succeeded, canceled. */
    status: text('status').notNull(),
    captureMethod: text('capture_method').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The last failed attempt's reason (card_declined, insufficient_funds…), as Stripe's last_payment_error. */
    lastDeclineCode: text('last_decline_code'),
    amountCapturableCents: cents('amount_capturable_cents').notNull().default(0),
    amountReceivedCents: cents('amount_received_cents').notNull().default(0),
    amountRefundedCents: cents('amount_refunded_cents').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('test_payment_intents_idempotency_key').on(t.idempotencyKey),
    check('test_payment_intents_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'test_payment_intents_refund_within_received',
      sql`${t.amountRefundedCents} >= 0 and ${t.amountRefundedCents} <= ${t.amountReceivedCents}`,
    ),
  ],
);

/**
 * The built-in processor's bank accounts and transfers (its side of payouts, as Stripe keeps transfers and external
 * accounts): only the account's last four digits and its test outcome are kept.
 */
export const testBankAccounts = pgTable('test_bank_accounts', {
  id: text('id').primaryKey(),
  holderName: text('holder_name').notNull(),
  routingNumber: text('routing_number').notNull(),
  last4: text('last4').notNull(),
  /** What a transfer to it does, by Stripe's test account numbers: `paid`, or the failure code. */
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

export const testTransfers = pgTable(
  'test_transfers',
  {
    id: text('id').primaryKey(),
    destination: text('destination')
      .notNull()
      .references(() => testBankAccounts.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('test_transfers_idempotency_key').on(t.idempotencyKey), check('test_transfers_amount_positive', sql`${t.amountCents} > 0`)],
);

/** Everything that happened to a test intent, named as Stripe's events are; refunds carry their idempotency key. */
export const testPaymentEvents = pgTable(
  'test_payment_events',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    amountCents: cents('amount_cents').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_payment_events_intent_idx').on(t.intentId, t.createdAt),
    uniqueIndex('test_payment_events_idempotency_key').on(t.idempotencyKey),
  ],
);

/**
 * The marketplace's settings, one row (decision 061): its currency, written at the first start from
 * MARKETPLACE_CURRENCY and changed by an admin only while the marketplace has no booking. `set_by` is null for the
 * first start's row.
 */
export const marketplaceSettings = pgTable(
  'marketplace_settings',
  {
    id: smallint('id').primaryKey().default(1),
    currency: text('currency').notNull(),
    setBy: text('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: moment('set_at').notNull().defaultNow(),
  },
  (t) => [check('marketplace_settings_one_row', sql`${t.id} = 1`), check('marketplace_settings_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`)],
);

/**
 * The marketplace's fees (decision 049), one row per change an admin makes: the rates in force are the newest row's
 * (none: no fees). Never updated or deleted, so the table is the history.
 */
export const marketplaceFeeRates = pgTable(
  'marketplace_fee_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestFeeBp: integer('guest_fee_bp').notNull(),
    hostCommissionBp: integer('host_commission_bp').notNull(),
    setBy: personLink('set_by', 'restrict'),
    setAt: moment('set_at').notNull().defaultNow(),
  },
  (t) => [
    check('marketplace_fee_rates_bounds', sql`${t.guestFeeBp} between 0 and ${sql.raw(String(MARKETPLACE_FEE_LIMITS.maxBp))} and ${t.hostCommissionBp} between 0 and ${sql.raw(String(MARKETPLACE_FEE_LIMITS.maxBp))}`),
  ],
);

/**
 * The ledger (decision 049): every money event is one journal, its entries adding up to zero (a deferred trigger
 * checks each journal at commit), posted in the same transaction as the event. A journal's `key` names the event
 * ('capture:<booking>'), so posting it twice posts it once. Neither journals nor entries are ever changed or removed
 * (triggers refuse it): a mistake is put right by another journal.
 */
export const LEDGER_JOURNAL_KINDS = ['capture', 'refund', 'release', 'payout', 'payout-paid', 'payout-failed'] as const;
export const ledgerJournalKind = pgEnum('ledger_journal_kind', LEDGER_JOURNAL_KINDS);
/**
 * What an account holds, positive when it holds money for someone: the host's share before and after it is released,
 * the tax collected for the host, a payout on its way, the marketplace's two fees. Money from and back to guests, and
 * out to hosts' banks, is counted from the outside: captures make `guest_payments` negative, refunds make
 * `guest_refunds` positive, payouts that arrived make `host_paid` positive.
 */
export const LEDGER_ACCOUNTS = [
  'guest_payments',
  'guest_refunds',
  'host_pending',
  'host_tax',
  'host_available',
  'platform_guest_fees',
  'platform_commissions',
  'host_in_transit',
  'host_paid',
] as const;
export const ledgerAccount = pgEnum('ledger_account', LEDGER_ACCOUNTS);

/**
 * Where a host is paid: a bank account at the built-in processor (a test account, as Stripe's test mode takes), or a
 * Stripe Express connected account, ready once its onboarding is complete. One per host; a new one replaces it.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  hostId: text('host_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  provider: text('provider').notNull(),
  /** The provider's id of the account: `ba_…` at the built-in processor, `acct_…` at Stripe. */
  accountRef: text('account_ref').notNull(),
  holderName: text('holder_name').notNull(),
  /** The bank account's last four digits, when the provider tells them. */
  last4: text('last4'),
  /** Payouts can be sent (Stripe: the account's onboarding is complete). */
  ready: boolean('ready').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One payout of a host's whole available balance, at most one per host and day (`as_of`): written with its journal
 * before the provider is asked, so a crash between the two is finished by the next run with the same idempotency key.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    asOf: day('as_of').notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status').$type<'sending' | 'paid' | 'failed'>().notNull().default('sending'),
    provider: text('provider').notNull(),
    accountRef: text('account_ref').notNull(),
    /** The last four digits of the bank account it went to, when the provider told them. */
    last4: text('last4'),
    /** The provider's transfer, once it answered. */
    transferId: text('transfer_id'),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_host_day_key').on(t.hostId, t.asOf),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_status', sql`${t.status} in ('sending', 'paid', 'failed')`),
    // A host's payouts, newest first (the Payouts and Earnings pages).
    index('payouts_host_idx').on(t.hostId, t.createdAt.desc()),
    // What a run must finish: payouts sent to the provider and not yet answered.
    index('payouts_sending_idx').on(t.createdAt).where(sql`${t.status} = 'sending'`),
  ],
);

export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    kind: ledgerJournalKind('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    postedAt: moment('posted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_journals_key').on(t.key),
    index('ledger_journals_payout_idx').on(t.payoutId),
    // A booking's journals: what is pending for it when its share is released.
    index('ledger_journals_booking_idx').on(t.bookingId),
    // The finance figures by month.
    index('ledger_journals_posted_idx').on(t.postedAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    account: ledgerAccount('account').notNull(),
    /** The host a host account is theirs; null for the marketplace's and the guests' accounts. */
    hostId: text('host_id').references(() => users.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    index('ledger_entries_journal_idx').on(t.journalId),
    // A host's balances.
    index('ledger_entries_host_idx').on(t.hostId, t.account).where(sql`${t.hostId} is not null`),
    check('ledger_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
    check(
      'ledger_entries_host_accounts',
      sql`(${t.account}::text in ('host_pending', 'host_tax', 'host_available', 'host_in_transit', 'host_paid')) = (${t.hostId} is not null)`,
    ),
  ],
);

/**
 * Secrets the server generates for itself and every server on the same database must share (the key that
 * signs session cookies when AUTH_SECRET is unset). The first server to start writes one; the others read it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The outbox: work that must happen after a change commits (mail, for now), written in the same transaction
 * as the change and run by the job worker in every server process (modules/jobs). `key` makes enqueueing
 * idempotent; a job is retried with backoff until it succeeds or runs out of attempts (`failed`).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    /** Cleared once the job is done: a mail may carry a link that signs someone in. */
    payload: jsonb('payload').$type<unknown>(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Due from the millisecond it was written: truncated, since storing now() at millisecond precision rounds it and
     * could put a new job half a millisecond in the future of a worker's pass that follows at once.
     */
    runAt: moment('run_at').notNull().default(sql`date_trunc('milliseconds', now())`),
    /** A worker that took the job holds it until then; past it (the worker died), another takes it. */
    lockedUntil: moment('locked_until'),
    lastError: text('last_error'),
    /** The request that queued it (`X-Request-Id`), so the worker's lines about it name that request. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    check('jobs_status', sql`${t.status} in ('pending', 'done', 'failed')`),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    index('jobs_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} = 'done'`),
  ],
);

/**
 * One row per change to what visitors browse, written in the transaction of the change. Every server compares
 * the table's count and newest id now and then, so a change whose NOTIFY it missed still empties its listing
 * cache within a minute (modules/rooms/listing-cache.ts). Rows older than a few minutes are pruned.
 */
export const listingChanges = pgTable(
  'listing_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: uuid('room_id'),
    createdAt: createdAt(),
  },
  (t) => [index('listing_changes_created_idx').on(t.createdAt)],
);

/**
 * What the guest and the host of a booking write to each other: one thread per booking, read only by those two.
 * The body is plain text, shown as text. `readAt` is set when the other party opens the thread.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: rowLink('booking_id', () => bookings.id, 'cascade'),
    senderId: personLink('sender_id', 'restrict'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: moment('read_at'),
  },
  (t) => [
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    // A thread in order, and its newest message.
    index('messages_thread_idx').on(t.bookingId, t.createdAt, t.id),
    // Unread counts: each thread's messages nobody has read yet.
    index('messages_unread_idx').on(t.bookingId, t.senderId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Another site's calendar a host imports for one listing (an .ics URL): fetched on a schedule, its events
 * block nights here. The last fetch's outcome is kept for the host to read.
 */
export const calendarImports = pgTable(
  'calendar_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: rowLink('room_id', () => rooms.id, 'cascade'),
    url: text('url').notNull(),
    /** When it was last fetched, whether that worked, and if not why (shown to the host). */
    lastFetchedAt: moment('last_fetched_at'),
    lastSyncedAt: moment('last_synced_at'),
    lastError: text('last_error'),
    /** The same reason as its code and fact (decision 062), for a page to write in its language; null before 0034. */
    lastErrorReason: jsonb('last_error_reason').$type<CalendarSyncReason>(),
    /** How many nights-ranges the last good fetch blocked. */
    blockCount: integer('block_count').notNull().default(0),
    /** When it is next due: the scheduler takes the imports whose time has come. */
    nextFetchAt: moment('next_fetch_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_imports_room_url_key').on(t.roomId, t.url),
    index('calendar_imports_due_idx').on(t.nextFetchAt),
  ],
);

/** Nights an imported calendar says are taken elsewhere: they cannot be booked here (check-out exclusive). */
export const calendarBlocks = pgTable(
  'calendar_blocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: rowLink('import_id', () => calendarImports.id, 'cascade'),
    roomId: rowLink('room_id', () => rooms.id, 'cascade'),
    ...nights(),
  },
  (t) => [
    nightsInOrder('calendar_blocks_order', t),
    index('calendar_blocks_import_idx').on(t.importId),
    // The picker's and the booking's path (a room's blocks from a day on); the search's overlap test is the
    // gist index of migration 0011.
    index('calendar_blocks_room_idx').on(t.roomId, t.checkOut),
  ],
);

/**
 * What a host set on a run of nights of a room in the calendar [check_in, check_out): a price, a minimum stay for
 * stays starting on them, a block, a note (`NightSetting`). A room's settings never overlap (`room_night_settings_no_overlap`,
 * an exclusion constraint of migration 0020): a change splits the ones it meets (`applyNightChange`).
 */
export const roomNightSettings = pgTable(
  'room_night_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: rowLink('room_id', () => rooms.id, 'cascade'),
    ...nights(),
    priceCents: cents('price_cents'),
    minNights: integer('min_nights'),
    blocked: boolean('blocked').notNull().default(false),
    note: text('note'),
  },
  (t) => [
    nightsInOrder('room_night_settings_order', t),
    check('room_night_settings_price_positive', sql`${t.priceCents} is null or ${t.priceCents} > 0`),
    check('room_night_settings_min_nights', sql`${t.minNights} is null or ${t.minNights} between 1 and ${sql.raw(String(LISTING_RULE_LIMITS.maxNights))}`),
    check('room_night_settings_says_something', sql`${t.priceCents} is not null or ${t.minNights} is not null or ${t.blocked} or ${t.note} is not null`),
    // The calendar's read (a room's settings from a day on) and the booking's; search's overlap is the constraint's gist index.
    index('room_night_settings_room_idx').on(t.roomId, t.checkOut),
  ],
);

/** A calendar run's columns as the domain's `NightSetting` names them. */
export const nightSettingColumns = {
  from: roomNightSettings.checkIn,
  to: roomNightSettings.checkOut,
  priceCents: roomNightSettings.priceCents,
  minNights: roomNightSettings.minNights,
  blocked: roomNightSettings.blocked,
  note: roomNightSettings.note,
};

/** Who wrote a review: the stay's guest (about the room and its host) or its host (about the guest). */
export const reviewSide = pgEnum('review_side', ['guest', 'host']);

/**
 * A review of one stay by one side, at most one per side. Double-blind: it is published (`publishedAt`) when both
 * sides have written theirs or the review window closes, never before. A guest's review carries the six category
 * scores; a host's only the overall rating. An admin may hide one that breaks the rules (with the reason), which
 * takes it off the room and out of the room's rating aggregate.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: rowLink('booking_id', () => bookings.id, 'cascade'),
    roomId: rowLink('room_id', () => rooms.id, 'cascade'),
    authorId: personLink('author_id', 'restrict'),
    side: reviewSide('side').notNull(),
    rating: integer('rating').notNull(),
    cleanliness: integer('cleanliness'),
    accuracy: integer('accuracy'),
    communication: integer('communication'),
    location: integer('location'),
    checkIn: integer('check_in'),
    value: integer('value'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    publishedAt: moment('published_at'),
    /** The host's one public answer to a published guest review. */
    reply: text('reply'),
    repliedAt: moment('replied_at'),
    hiddenAt: moment('hidden_at'),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    uniqueIndex('reviews_booking_side_key').on(t.bookingId, t.side),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'reviews_categories',
      sql`(${t.side} = 'guest' and ${t.cleanliness} between 1 and 5 and ${t.accuracy} between 1 and 5
        and ${t.communication} between 1 and 5 and ${t.location} between 1 and 5 and ${t.checkIn} between 1 and 5
        and ${t.value} between 1 and 5)
      or (${t.side} = 'host' and ${t.cleanliness} is null and ${t.accuracy} is null and ${t.communication} is null
        and ${t.location} is null and ${t.checkIn} is null and ${t.value} is null)`,
    ),
    check('reviews_body_length', sql`char_length(${t.body}) between 20 and 2000`),
    check('reviews_reply_length', sql`${t.reply} is null or char_length(${t.reply}) between 1 and 2000`),
    check('reviews_reply_published', sql`${t.reply} is null or (${t.publishedAt} is not null and ${t.side} = 'guest')`),
    check('reviews_hidden_reason', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    // The room page's reviews, newest first: published guest reviews not hidden.
    index('reviews_room_published_idx')
      .on(t.roomId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.side} = 'guest' and ${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('reviews_author_idx').on(t.authorId, t.createdAt.desc()),
    // Reviews still waiting for the other side: the window's end publishes them.
    index('reviews_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
  ],
);

/**
 * Who uploaded each stored picture: a host may put on a room only photos they uploaded themselves or that
 * their rooms already show, never another person's upload.
 */
export const uploads = pgTable(
  'uploads',
  {
    url: text('url').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId, t.createdAt.desc())],
);

/**
 * What admins did that is not a role change (those are in role_changes): hiding a review, declining a host
 * request. Who, to whom or what, why, when.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'review.hide', 'host-request.decline'. */
    action: text('action').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_user_idx').on(t.userId, t.createdAt.desc())],
);

/*
 * The statistics' rollups (docs/decisions/044-statistics-rollups.md): what every dashboard reads instead of the
 * bookings. Kept in step by statement triggers on `bookings` (migration 0013), in the transaction of the booking,
 * cancellation or refund that changes them. `scope` is whose figures: 'all' (the admin's, scope_id ''), 'host'
 * (scope_id a host's id) or 'guest'. `shard` spreads each scope's hot rows over four, so concurrent bookings do not
 * queue on one row; readers add the shards up. Both primary keys also hold the figures (`INCLUDE`, migration
 * 0015), which drizzle's `primaryKey` cannot say: the readers' scans never visit the table itself.
 */
export const statsSales = pgTable(
  'stats_sales',
  {
    scope: text('scope').notNull(),
    scopeId: text('scope_id').notNull(),
    /**
     * 'total' (one bucket, all time), 'month', 'week' (from Monday) and 'day' (all UTC), or 'quarter' (15 minutes:
     * every zone's midnight falls on one).
     */
    level: text('level').notNull(),
    bucket: moment('bucket').notNull(),
    shard: integer('shard').notNull(),
    /** What the stays booked in the bucket kept (captured minus refunded), and how many of them are confirmed. */
    salesCents: cents('sales_cents').notNull(),
    bookings: integer('bookings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.level, t.bucket, t.shard] })],
);

/** For each night, how many confirmed stays include it, per scope: the statistics' calendar. */
export const statsNights = pgTable(
  'stats_nights',
  {
    scope: text('scope').notNull(),
    scopeId: text('scope_id').notNull(),
    night: day('night').notNull(),
    shard: integer('shard').notNull(),
    stays: integer('stays').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.night, t.shard] })],
);

/**
 * A person's named list of saved homes (decision 052). A stay set on it (dates and guests) prices every home on it;
 * `share_token` is the private link's secret while the owner shares it (null when not shared, replaced when shared
 * again), so a revoked link reads nothing.
 */
export const wishlists = pgTable(
  'wishlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: personLink('owner_id', 'cascade'),
    name: text('name').notNull(),
    checkIn: day('check_in'),
    checkOut: day('check_out'),
    guests: integer('guests'),
    shareToken: text('share_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wishlists_name_length', sql`char_length(${t.name}) between 1 and 50`),
    check('wishlists_stay', sql`(${t.checkIn} is null) = (${t.checkOut} is null) and (${t.checkIn} is null or ${t.checkIn} < ${t.checkOut})`),
    check('wishlists_guests', sql`${t.guests} is null or ${t.guests} >= 1`),
    // The person's lists, oldest first (the Wishlists page and the quick save's first list).
    index('wishlists_owner_idx').on(t.ownerId, t.createdAt, t.id),
    // A shared link's read.
    uniqueIndex('wishlists_share_token_key').on(t.shareToken),
  ],
);

/** A home on a list, once per list. Removing the list or the room removes it. */
export const wishlistRooms = pgTable(
  'wishlist_rooms',
  {
    wishlistId: rowLink('wishlist_id', () => wishlists.id, 'cascade'),
    roomId: rowLink('room_id', () => rooms.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wishlistId, t.roomId] }),
    // A list's homes, saved last first (its pages, its cover, its count).
    index('wishlist_rooms_list_idx').on(t.wishlistId, t.createdAt, t.roomId),
    // The room's removal (the cascade) finds its saves.
    index('wishlist_rooms_room_idx').on(t.roomId),
  ],
);

/** The homes a signed-in person opened, one row per home with the last time; the newest 12 are kept. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: personLink('user_id', 'cascade'),
    roomId: rowLink('room_id', () => rooms.id, 'cascade'),
    viewedAt: moment('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roomId] }),
    index('recently_viewed_user_idx').on(t.userId, t.viewedAt),
    index('recently_viewed_room_idx').on(t.roomId),
  ],
);

/**
 * A person's personal access tokens (decision 056). Only the SHA-256 of the secret is kept: the secret is 32 random
 * bytes, so a slow password hash would add nothing but cost on every call. `start` is the secret's first
 * characters, shown so the owner can tell tokens apart. Removing the token (revoking it) ends its use at once.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: personLink('user_id', 'cascade'),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    start: text('start').notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
  },
  (t) => [
    check('access_tokens_name_length', sql`char_length(${t.name}) between 1 and 50`),
    check('access_tokens_scopes', sql`cardinality(${t.scopes}) >= 1`),
    // Each call's read: the hash of the token it carries.
    uniqueIndex('access_tokens_hash_key').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A host's webhook endpoints (decision 056). `secret` signs each delivery (HMAC-SHA256), so it is kept as it is:
 * shown to the host once, then only used to sign. An endpoint is `disabled` after WEBHOOK_FAILURES_TO_DISABLE
 * deliveries in a row failed for good, until its host enables it again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: personLink('owner_id', 'cascade'),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    failuresInARow: integer('failures_in_a_row').notNull().default(0),
    disabledAt: moment('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_endpoints_status', sql`${t.status} in ('active', 'disabled')`),
    check('webhook_endpoints_events', sql`cardinality(${t.events}) >= 1`),
    check('webhook_endpoints_url_length', sql`char_length(${t.url}) between 1 and 2000`),
    // An event's fan-out: the owner's active endpoints.
    index('webhook_endpoints_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

/**
 * One event for one endpoint, and what became of it. `event_id` is the event's (the same for each endpoint it went
 * to, and on every redelivery): receivers deduplicate on it. `body` is the JSON sent, signed again at each attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: rowLink('endpoint_id', () => webhookEndpoints.id, 'cascade'),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Redeliveries asked for by the host: each is a job of its own (`webhook:<id>:<n>`). */
    redeliveries: integer('redeliveries').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    lastAttemptAt: moment('last_attempt_at'),
  },
  (t) => [
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    // The endpoint's delivery log, newest first.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    // An event reaches an endpoint once, however often its fan-out runs.
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventId),
  ],
);
