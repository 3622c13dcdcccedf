import type { Config } from '../../config.js';
import { createImageStore, localImageFiles, localUploadsDir, type ImageStore } from './image-store.js';
import { createS3ImageFiles } from './s3-files.js';

/** The image store the configuration names: the S3-compatible bucket in S3_BUCKET, else DATA_DIR/uploads. */
export function configuredImageStore(config: Config): ImageStore {
  return createImageStore(config.s3 ? createS3ImageFiles(config.s3) : localImageFiles(localUploadsDir(config.dataDir)));
}

/** The same, checked at start-up: a bucket that cannot be reached stops the server (ImageBucketError) before it takes uploads. */
export async function openConfiguredImageStore(config: Config): Promise<ImageStore> {
  if (!config.s3) return configuredImageStore(config);
  const files = createS3ImageFiles(config.s3);
  await files.checkBucket();
  return createImageStore(files);
}
