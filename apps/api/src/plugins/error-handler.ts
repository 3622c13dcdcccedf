import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiError, type ErrorCode } from '@staybook/domain';
import { AppError, errorCodeForStatus } from '../errors.js';

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Maps every error to the product's JSON error shape. 5xx details are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'request';
        fields[field] ??= issue.message ?? 'is not valid';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid.';
      return reply.status(400).send(body(ERROR_CODES.validation, message, fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(errorCodeForStatus(status), err.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(body(ERROR_CODES.internal, 'Something went wrong on our side. Please try again.'));
  });
}
