import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@staybook/domain';
import { AppError, constraintOf, errorBody, errorCodeForStatus, fromDatabaseError, INTERNAL_ERROR_MESSAGE, sqlState } from '../errors.js';

/** Maps every error to the product's JSON error shape. 5xx details are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(err.code, err.message, err.fields, err.declineCode, err.facts));
    }
    const refused = fromDatabaseError(err);
    if (refused) {
      // Worth knowing (a service may want to check first), but the client's answer is complete.
      request.log.info({ sqlState: sqlState(err), constraint: constraintOf(err) }, 'database refused the request');
      return reply.status(refused.status).send(errorBody(refused.code, refused.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'request';
        fields[field] ??= issue.message ?? 'is not valid';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : /*i18n*/ 'The request is not valid.';
      return reply.status(400).send(errorBody(ERROR_CODES.validation, message, fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(errorCodeForStatus(status), err.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(errorBody(ERROR_CODES.internal, INTERNAL_ERROR_MESSAGE));
  });
}

/**
 * Errors the router raises before any route or hook runs (the `frameworkErrors` option): a path that is not
 * valid percent-encoding, a path parameter longer than the router takes. Answered in the same shape.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody(ERROR_CODES.badRequest, /*i18n*/ 'The address is not valid.'));
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody(ERROR_CODES.badRequest, /*i18n*/ 'The address is too long.'));
  } else {
    request.log.error({ err }, 'request failed');
    void reply.status(500).send(errorBody(ERROR_CODES.internal, INTERNAL_ERROR_MESSAGE));
  }
}

/** Why Node's HTTP parser gave up on a request, by its error code: the answer's status and its words. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: /*i18n*/ "The request's headers are too large." },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: /*i18n*/ 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, message: /*i18n*/ 'The request could not be read.' };

/**
 * A request Node's HTTP parser gave up on before the app saw it (the `clientErrorHandler` option): headers over
 * Node's limit, a request that took too long to arrive, a malformed request line or body framing. Answered in the
 * product's error shape, as Node itself would (status line, then the connection closed), where Fastify's own
 * answer had a shape of its own.
 */
export function answerClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  // A connection reset, or closed already: nobody is left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[err.code ?? ''] ?? MALFORMED;
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(errorCodeForStatus(status), message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
