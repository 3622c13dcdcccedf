import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, uploadedImageSchema } from '@staybook/domain/accounts';
import { apiRequest } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

/** Answers the address to store as the photo (the upload's display_url, which for this server is its canonical url). */
export async function uploadImage(file: File): Promise<string> {
  const formData = new FormData();
  formData.append('image', file);
  const uploaded = await apiRequest('/api/uploads/image', uploadedImageSchema, { method: 'POST', formData });
  return uploaded.display_url;
}

/**
 * What is wrong with a chosen file, or null. A quick check before uploading; the server decides
 * by the file's content.
 */
export function describeImageProblem(file: File | null | undefined): string | null {
  if (!file) return i18n.t('Please select an image');
  if (!file.type.startsWith('image/')) return i18n.t('Please choose an image file');
  if (file.size > MAX_UPLOAD_BYTES) return i18n.t('The image must be {max} MB or smaller', { max: MAX_UPLOAD_MB });
  return null;
}

