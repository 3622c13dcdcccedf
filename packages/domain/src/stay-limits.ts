/*
 * The bounds of one stay, apart from the booking schemas so that the home page's search can read them
 * without the full zod build.
 */

/** The smallest stay total a card payment is requested for (the spec: "above 1"), in cents. */
export const MIN_PAYMENT_CENTS = 101;
/** The longest stay one booking may hold. */
export const MAX_STAY_NIGHTS = 365;
/**
 * The most one stay may cost, in cents: $999,999.99, the largest amount Stripe takes in one US-dollar charge.
 * A stay above it is refused before any card is asked for (docs/decisions/012-room-limits.md).
 */
export const MAX_STAY_TOTAL_CENTS = 99_999_999;
