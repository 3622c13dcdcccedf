import { apiErrorSchema, EMAIL_NOT_VERIFIED_MESSAGE, ERROR_CODES, TAKEN_STAY_MESSAGE, type ApiError, type ErrorCode } from '@staybook/domain';

/**
 * Errors services throw for outcomes the client should hear about. The error handler maps
 * each to its HTTP status and the product's JSON error shape; anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** For card errors: the processor's reason, as Stripe's decline codes. */
    readonly declineCode?: string,
    /** For a refusal written around a value: the facts its message is written from (a page writes it in its language). */
    readonly facts?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, fields?: Record<string, string>, facts?: Record<string, string>) {
    super(400, fields ? ERROR_CODES.validation : ERROR_CODES.badRequest, message, fields, undefined, facts);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, ERROR_CODES.unauthorized, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, ERROR_CODES.forbidden, message);
  }
}

/** Signed in, but the action waits until the account's e-mail address is verified. */
export class EmailNotVerifiedError extends AppError {
  constructor() {
    super(403, ERROR_CODES.emailNotVerified, EMAIL_NOT_VERIFIED_MESSAGE);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, ERROR_CODES.notFound, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, facts?: Record<string, string>) {
    super(409, ERROR_CODES.conflict, message, undefined, undefined, facts);
  }
}

/** What a client hears about a failure on our side; the details go to the log only. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The JSON body of every error answer: the error handler, the auth bridge and the 404 handler all build it here. */
export function errorBody(code: string, message: string, fields?: Record<string, string>, declineCode?: string, facts?: Record<string, string>): ApiError {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(declineCode ? { declineCode } : {}), ...(facts ? { facts } : {}) } };
}

/**
 * The card was refused: 400 when the details are wrong before any processor sees them (invalid number,
 * expiry in the past), 402 when the processor declined it. The message is the one the guest reads.
 */
export class CardError extends AppError {
  constructor(status: 400 | 402, declineCode: string, message: string, fields?: Record<string, string>) {
    super(status, status === 402 ? ERROR_CODES.cardDeclined : ERROR_CODES.badRequest, message, fields, declineCode);
  }
}

/** The product's error code for each HTTP status that has one of its own kind. */
const ERROR_CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  401: ERROR_CODES.unauthorized,
  402: ERROR_CODES.cardDeclined,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  429: ERROR_CODES.rateLimited,
};

/** The product's error code for an HTTP status that did not come with one of its own. */
export function errorCodeForStatus(status: number): ErrorCode {
  return ERROR_CODE_OF_STATUS[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest);
}

/** PostgreSQL reports constraint violations with these SQLSTATE codes. */
export const PG_ERRORS = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  invalidTextRepresentation: '22P02',
  /** e.g. `at time zone` with a zone name PostgreSQL does not know. */
  invalidParameterValue: '22023',
  /** A number too large for its column (or its arithmetic). */
  numericValueOutOfRange: '22003',
  /** e.g. a NUL character in text: PostgreSQL cannot store it. */
  characterNotInRepertoire: '22021',
  /**
   * Two transactions inserting conflicting rows under an exclusion constraint can each wait for the other
   * (PostgreSQL checks the constraint after inserting); the server aborts one of them with this code.
   */
  deadlockDetected: '40P01',
} as const;

export const DISALLOWED_CHARACTERS_MESSAGE = /*i18n*/ 'The request contains characters that are not allowed.';

/** The database's own error (with its SQLSTATE); drivers and the ORM wrap it at different depths. */
function databaseError(err: unknown): { code: string; constraint?: unknown } | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as { code: string; constraint?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error. */
export function sqlState(err: unknown): string | undefined {
  return databaseError(err)?.code;
}

/** The name of the constraint a database error reports, for the log (never for the client). */
export function constraintOf(err: unknown): string | undefined {
  const constraint = databaseError(err)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

export const OVERLAPPING_BOOKING_MESSAGE = TAKEN_STAY_MESSAGE;
/** A room that does not exist, or no longer does: guests and hosts read the same 404. */
export const ROOM_NOT_FOUND_MESSAGE = 'Room not found. It may have been removed by its host.';
export const ALREADY_BOOKED_MESSAGE = 'You already booked these dates.';

/**
 * The nights asked for overlap a confirmed stay of the same guest (say, paying in two tabs): their own
 * code, so the web app can link My Bookings instead of blaming someone else.
 */
export class AlreadyBookedError extends AppError {
  constructor() {
    super(409, ERROR_CODES.alreadyBooked, ALREADY_BOOKED_MESSAGE);
  }
}

/** What the client hears for each kind of write the database refuses (by SQLSTATE). */
const DATABASE_REFUSALS: Partial<Record<string, () => AppError>> = {
  [PG_ERRORS.exclusionViolation]: () => new ConflictError(OVERLAPPING_BOOKING_MESSAGE),
  [PG_ERRORS.uniqueViolation]: () => new ConflictError(/*i18n*/ 'This already exists, so it was not saved again.'),
  [PG_ERRORS.foreignKeyViolation]: () => new BadRequestError(/*i18n*/ 'This refers to something that no longer exists.'),
  [PG_ERRORS.checkViolation]: () => new BadRequestError(/*i18n*/ 'A value is outside what is allowed.'),
  [PG_ERRORS.invalidTextRepresentation]: () => new BadRequestError(/*i18n*/ 'A value in the request is not in the expected format.'),
  [PG_ERRORS.characterNotInRepertoire]: () => new BadRequestError(DISALLOWED_CHARACTERS_MESSAGE),
  [PG_ERRORS.numericValueOutOfRange]: () => new BadRequestError(/*i18n*/ 'A number in the request is too large.'),
};

/**
 * What a refused database write means to the client. The database is the last line of defence: a service
 * that checks first throws its own, more specific AppError; whatever slips past it still gets a clear 4xx.
 * Anything else stays a 500.
 */
export function fromDatabaseError(err: unknown): AppError | undefined {
  const state = sqlState(err);
  return state === undefined ? undefined : DATABASE_REFUSALS[state]?.();
}

/** Response schemas for the error statuses a route answers; every one has the product's error shape. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}
