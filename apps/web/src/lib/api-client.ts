import { apiErrorShape } from '@staybook/domain/errors';
import { activeLocale, SOURCE_LOCALE } from '@staybook/domain/locale';
import { readRefusalFacts, refusalText } from '@staybook/domain/refusals';
import { i18n } from './i18n';

/** Anything that turns untrusted JSON into a typed value: the domain's zod schemas, or its hand-checked shapes. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** Codes the client itself assigns; every other code comes from the API's error catalogue. */
const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  unknown: 'UNKNOWN_ERROR',
} as const;

/**
 * A failed API call. `status` is 0 when no HTTP answer arrived at all. `fields` holds the server's message for
 * each field it refused (a validation error), keyed as the request body names them.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  /** A refusal written around a value: the facts its message is written from, for the page to write it in its language. */
  readonly facts: Readonly<Record<string, string>> | null;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, facts: Record<string, string> | null = null) {
    // The API writes its messages in English, which is their key in the page's catalog (decision 062); a refusal
    // written around a value comes with its facts, from which a page in another language writes it again.
    const refusal = activeLocale() === SOURCE_LOCALE ? null : readRefusalFacts(facts);
    super(refusal ? refusalText(refusal) : i18n.known(message));
    this.status = status;
    this.code = code;
    this.fields = Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, i18n.known(text)]));
    this.facts = facts;
  }
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON: the server accepts state-changing requests only as `application/json`. */
  json?: unknown;
  /** Sent as multipart/form-data (uploads); the browser writes the boundary itself. */
  formData?: FormData;
  signal?: AbortSignal | null;
  /**
   * `sign-out` (the default): a 401 means the session is gone, so the app signs out and goes to
   * /login. `reject`: the caller shows the error itself, as the sign-in form does for a wrong password.
   * A 403 never signs out: the user is signed in but may not do this, and the caller shows the
   * message (docs/decisions/007-403-keeps-the-session.md).
   */
  onAuthFailure?: 'sign-out' | 'reject';
}

type AuthFailureHandler = (error: ApiRequestError) => void;
let authFailureHandler: AuthFailureHandler | null = null;

/**
 * Registers what happens on a 401 (the auth provider signs out and navigates).
 * Returns the function that unregisters it.
 */
export function onAuthFailure(handler: AuthFailureHandler): () => void {
  authFailureHandler = handler;
  return () => {
    if (authFailureHandler === handler) authFailureHandler = null;
  };
}

/** For answers whose body the app does not read (e.g. `{ status: true }`). */
export const ignoredResponse: ResponseSchema<void> = { parse: () => undefined };

/**
 * The one way the app talks to the API: same origin, cookies always sent, and every failure
 * turned into an ApiRequestError carrying the server's own message when it sent one.
 */
export async function apiRequest<T>(
  path: string,
  schema: ResponseSchema<T>,
  { method = 'GET', json, formData, signal = null, onAuthFailure: authFailure = 'sign-out' }: ApiRequestOptions = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (formData) {
    body = formData;
  } else if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body ?? null, signal, credentials: 'include' });
  } catch (error) {
    // An abort is a cancellation the caller asked for (e.g. TanStack Query), not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(
      0,
      CLIENT_ERROR_CODES.network,
      /*i18n*/ 'Could not reach the server. Please check your connection and try again.',
    );
  }

  const responseBody = await readJson(response);

  if (!response.ok) {
    const error = toApiRequestError(response, responseBody);
    if (error.status === 401 && authFailure === 'sign-out') authFailureHandler?.(error);
    throw error;
  }

  try {
    return schema.parse(responseBody);
  } catch {
    throw new ApiRequestError(
      response.status,
      CLIENT_ERROR_CODES.invalidResponse,
      /*i18n*/ 'The server sent an unexpected response.',
    );
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: the status still tells what happened.
    return undefined;
  }
}

function toApiRequestError(response: { status: number; statusText: string }, body: unknown): ApiRequestError {
  const parsed = apiErrorShape.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, facts } = parsed.data.error;
    return new ApiRequestError(response.status, code, message, fields, facts ?? null);
  }
  return new ApiRequestError(
    response.status,
    CLIENT_ERROR_CODES.unknown,
    `The request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''}).`,
  );
}

/**
 * `apiRequest` for an upload whose progress the page shows: fetch cannot report how much of a request body has
 * been sent, XMLHttpRequest can. `onProgress` gets the share sent, 0 to 1. Same errors as `apiRequest`.
 */
export function apiUpload<T>(
  path: string,
  schema: ResponseSchema<T>,
  { formData, onProgress, signal = null }: { formData: FormData; onProgress?: (sent: number) => void; signal?: AbortSignal | null },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onerror = () =>
      reject(new ApiRequestError(0, CLIENT_ERROR_CODES.network, 'Could not reach the server. Please check your connection and try again.'));
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = toApiRequestError(xhr, body);
        if (error.status === 401) authFailureHandler?.(error);
        reject(error);
        return;
      }
      try {
        resolve(schema.parse(body));
      } catch {
        reject(new ApiRequestError(xhr.status, CLIENT_ERROR_CODES.invalidResponse, 'The server sent an unexpected response.'));
      }
    };
    xhr.send(formData);
  });
}
