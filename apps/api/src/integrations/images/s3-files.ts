import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import type { ImageFiles } from './image-store.js';

type S3Settings = NonNullable<Config['s3']>;

/** The bucket cannot be used: the server refuses to start rather than fail every upload. */
export class ImageBucketError extends Error {
  override name = 'ImageBucketError';
}

function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

/**
 * Stored images in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), one object per file under the same
 * names as on disk. Every server of a site reads and writes the same bucket, so an image uploaded through
 * one is served by all (docs/decisions/020-several-servers.md).
 */
export function createS3ImageFiles(settings: S3Settings): ImageFiles & { client: S3Client; checkBucket(): Promise<void> } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Plain PUTs with a Content-Length, which every S3-compatible service understands (no chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    client,
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const where = settings.endpoint ? ` at ${settings.endpoint}` : '';
        const why = statusOf(err) === 404 ? 'it does not exist' : statusOf(err) === 403 ? 'access was refused' : (err as Error).message || (err as Error).name;
        throw new ImageBucketError(`S3_BUCKET: the bucket ${Bucket}${where} cannot be used for images (${why}).`);
      }
    },
    async put(name, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType: 'image/webp', ContentLength: data.length }));
    },
    async copy(from, to) {
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${encodeURIComponent(from)}`, ContentType: 'image/webp' }));
    },
    async remove(names) {
      // Deleting a missing key is no error in S3.
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }));
    },
    async get(name, ifNoneMatch) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name, ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }));
        return {
          body: object.Body as Readable,
          length: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (err) {
        if (statusOf(err) === 304) return 'not-modified';
        if (statusOf(err) === 404) return null;
        throw err;
      }
    },
  };
}
