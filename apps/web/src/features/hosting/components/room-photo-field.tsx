import { imageAtWidth } from '@staybook/domain/images';
import type { Ref } from 'react';
import { ImageField } from '../../../components/image-field';
import { shortFileName } from '../../../lib/file-name';

interface RoomPhotoFieldProps {
  /** The chosen file's preview, else the stored photo's URL, else nothing yet. */
  previewUrl: string | null;
  storedUrl: string;
  fileName: string | null;
  uploading: boolean;
  error?: string | undefined;
  onChoose: (file: File | null) => void;
  ref?: Ref<HTMLInputElement>;
}

/** The room's photo: a picker labelled with the chosen file's (shortened) name and a preview of it. */
export function RoomPhotoField({ previewUrl, storedUrl, fileName, uploading, error, onChoose, ref }: RoomPhotoFieldProps) {
  const shown = previewUrl ?? (storedUrl ? imageAtWidth(storedUrl, 640) : null);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <ImageField
          ref={ref}
          label="Image"
          name="image"
          required={!storedUrl}
          buttonLabel={fileName ? shortFileName(fileName) : storedUrl ? 'Replace Image' : 'Upload Image'}
          onChange={onChoose}
          error={error}
        />
        <p aria-live="polite" className="-mt-1 text-sm text-neutral-600">
          {uploading ? 'Uploading photo…' : ''}
        </p>
      </div>
      {shown && (
        <img
          src={shown}
          alt="Room photo preview"
          width={160}
          height={112}
          className="h-28 w-40 shrink-0 rounded-lg bg-neutral-200 object-cover"
        />
      )}
    </div>
  );
}
