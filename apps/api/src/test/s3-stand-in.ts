import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export type S3StandIn = {
  /** The settings that point a server at it (S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials). */
  env: Record<string, string>;
  bucket: string;
  stop(): Promise<void>;
};

/** A local S3-compatible service (s3rver, in this process, on a free port) with one empty bucket of its own. */
export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 'staybook-s3-'));
  const bucket = `staybook-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed test credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
