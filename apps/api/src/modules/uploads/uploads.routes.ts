import type {} from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, uploadedImageSchema } from '@staybook/domain';
import { refusalText, type RefusalFacts } from '@staybook/domain/refusals';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { AppError, BadRequestError, errorResponses } from '../../errors.js';
import { ImageNotProcessedError, ImageQueueFullError, NotAnImageError, type ImageStore } from '../../integrations/images/image-store.js';
import { identifyViewer, rateLimitKeyByUser } from '../../plugins/session.js';
import { routeSchema } from '../../route-schema.js';

/**
 * `POST /api/uploads/image`: the product's own image upload (the spec's image-hosting call).
 * Open to visitors because sign-up uploads the photo before the account exists; rate-limited per person when
 * signed in (a host filling two listings), per address for visitors.
 * The file is judged by its content and re-encoded; its name and declared type are ignored. Who uploaded it
 * (a signed-in uploader; a visitor's is nobody's) is written down: a host may put on a room only their own.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ db: Db; imageStore: ImageStore; rateLimit: boolean }> = async (app, { db, imageStore, rateLimit }) => {
  app.post(
    '/uploads/image',
    {
      onRequest: identifyViewer,
      config: rateLimit ? { rateLimit: { max: 30, timeWindow: '10 minutes', keyGenerator: rateLimitKeyByUser } } : {},
      schema: routeSchema(
        'Upload an image (multipart field `image`)',
        { consumes: ['multipart/form-data'] }, uploadedImageSchema, errorResponses(400, 403, 413, 429, 503), { status: 201 },
      ),
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new BadRequestError(/*i18n*/ 'Send the image as multipart/form-data in a field named "image".');
      const tooLarge = () => {
        const facts: RefusalFacts = { refusal: 'image-too-large', megabytes: String(MAX_UPLOAD_MB) };
        return new AppError(413, ERROR_CODES.payloadTooLarge, refusalText(facts), undefined, undefined, facts);
      };
      let data: Buffer;
      try {
        const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
        if (!file || file.fieldname !== 'image') throw new BadRequestError(/*i18n*/ 'Add the image in a field named "image".');
        data = await file.toBuffer();
        // toBuffer throws only when a piece arrives after the cut; when the bytes over the limit arrive in a
        // piece of their own, the parser drops them, flags the file and toBuffer answers the first 5 MB.
        if (file.file.truncated) throw tooLarge();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        // A malformed or interrupted multipart body: the client's upload broke, not the server.
        throw new BadRequestError(/*i18n*/ 'The upload could not be read. Please choose the picture and try again.');
      }
      try {
        const url = await imageStore.saveImage(data);
        await db.insert(uploads).values({ url, ownerId: request.actor?.id ?? null });
        return reply.status(201).send({ url, display_url: url });
      } catch (err) {
        if (err instanceof NotAnImageError || err instanceof ImageNotProcessedError) throw new BadRequestError(err.message);
        if (err instanceof ImageQueueFullError) {
          reply.header('retry-after', String(err.retryAfterSeconds));
          throw new AppError(503, ERROR_CODES.unavailable, err.message);
        }
        throw err;
      }
    },
  );
};
