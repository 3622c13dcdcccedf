import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, ApiRequestError, ignoredResponse, onAuthFailure } from './api-client';

const roomSchema = z.object({ title: z.string() });

function answer(status: number, body: unknown, init: ResponseInit = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': 'application/json' }, ...init });
}

/** What the API answers for every error. */
function apiError(status: number, code: string, message: string): Response {
  return answer(status, { error: { code, message } });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiRequestError)) throw new Error(`expected an ApiRequestError, got ${String(error)}`);
  return error;
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let signedOut: ReturnType<typeof vi.fn<(error: ApiRequestError) => void>>;
let unregister: () => void;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  signedOut = vi.fn<(error: ApiRequestError) => void>();
  unregister = onAuthFailure(signedOut);
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with the cookies and answers the parsed body', async () => {
    fetchMock.mockResolvedValue(answer(200, { title: 'Overwater hideaway', extra: 1 }));

    await expect(apiRequest('/api/room/1', roomSchema, { method: 'PUT', json: { a: 1 } })).resolves.toEqual({
      title: 'Overwater hideaway',
    });

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/room/1');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"a":1}' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('turns the API\'s JSON error body into a typed error with its status, code and message', async () => {
    fetchMock.mockResolvedValue(apiError(404, 'NOT_FOUND', 'Room not found'));

    const error = await failureOf(apiRequest('/api/room/1', roomSchema));

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Room not found' });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it("keeps a validation error's message for each field it names", async () => {
    fetchMock.mockResolvedValue(
      answer(400, { error: { code: 'VALIDATION_ERROR', message: 'from: Availability cannot start before today', fields: { from: 'Availability cannot start before today' } } }),
    );

    const error = await failureOf(apiRequest('/api/room', roomSchema, { method: 'POST', json: {} }));

    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: { from: 'Availability cannot start before today' } });
    expect((await failureOf(apiRequest('/api/room/1', roomSchema))).fields).toEqual({});
  });

  it('names the status when the error body is not the API\'s JSON (a proxy\'s HTML page)', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }),
    );

    const error = await failureOf(apiRequest('/api/rooms', roomSchema));

    expect(error).toMatchObject({ status: 502, code: 'UNKNOWN_ERROR', message: 'The request failed (502 Bad Gateway).' });
  });

  it('says the server could not be reached when no answer arrives', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failureOf(apiRequest('/api/rooms', roomSchema));

    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Please check your connection and try again.',
    });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('lets a cancellation through as the abort it is', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

    await expect(apiRequest('/api/rooms', roomSchema)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses an answer that does not have the expected shape', async () => {
    fetchMock.mockResolvedValue(answer(200, { name: 'not a room' }));

    const error = await failureOf(apiRequest('/api/room/1', roomSchema));

    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE', message: 'The server sent an unexpected response.' });
  });

  it('signs out on a 401: the session is gone', async () => {
    fetchMock.mockResolvedValue(apiError(401, 'UNAUTHORIZED', 'Please sign in.'));

    const error = await failureOf(apiRequest('/api/user', ignoredResponse, { method: 'PUT', json: {} }));

    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Please sign in.' });
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(signedOut).toHaveBeenCalledWith(error);
  });

  it('keeps the session on a 403 and hands its message to the caller', async () => {
    fetchMock.mockResolvedValue(apiError(403, 'FORBIDDEN', 'You do not have the role this needs.'));

    const error = await failureOf(apiRequest('/api/users', ignoredResponse));

    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'You do not have the role this needs.' });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('leaves a 401 to the caller that asked to show it itself (a wrong password)', async () => {
    fetchMock.mockResolvedValue(apiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'));

    const error = await failureOf(
      apiRequest('/api/auth/sign-in/email', ignoredResponse, { method: 'POST', json: {}, onAuthFailure: 'reject' }),
    );

    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(signedOut).not.toHaveBeenCalled();
  });
});
