import { MAX_UPLOAD_BYTES } from '@staybook/domain';
import type { ImageStore } from './image-store.js';

/**
 * Copies a picture from another site (an identity provider's profile photo) into our own storage.
 * Their URLs expire and would make every page load a third party; any failure leaves no photo
 * rather than blocking the sign-in.
 */
export async function importRemoteImage(
  url: string,
  store: ImageStore,
  { isAllowed, timeoutMs = 5000 }: { isAllowed: (url: URL) => boolean; timeoutMs?: number },
): Promise<string | null> {
  try {
    const parsed = new URL(url);
    if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !isAllowed(parsed)) return null;
    // Redirects could lead anywhere, including this server's own network: refuse them.
    const res = await fetch(parsed, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!res.ok || !res.body) return null;
    if (Number(res.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > MAX_UPLOAD_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return await store.saveImage(Buffer.concat(chunks));
  } catch {
    return null;
  }
}
