import { useEffect, useState } from 'react';

/**
 * A chosen image's preview before it is uploaded: `choose` makes an object URL for the file, which is
 * revoked when another file is chosen or the form goes away.
 */
export function useImagePreview(): [previewUrl: string | null, choose: (file: File | null) => void] {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  const choose = (file: File | null) => setPreview(file ? URL.createObjectURL(file) : null);
  return [preview, choose];
}
