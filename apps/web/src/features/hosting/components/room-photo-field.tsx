import { ROOM_LIMITS } from '@staybook/domain/room-limits';
import { useId, type ChangeEvent, type Ref } from 'react';
import type { RoomPhotos } from '../hooks/use-room-photos';
import { PhotoSorter } from './photo-sorter';
import { i18n } from '../../../lib/i18n';

interface RoomPhotoFieldProps {
  photos: RoomPhotos;
  error?: string | undefined;
  /** The input, for the form to focus when the photos need fixing. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The room's photos: a picker for several pictures at once (each uploads as soon as it is chosen), then the list
 * in order, the first being the cover, which the host rearranges, trims and picks the cover from.
 */
export function RoomPhotoField({ photos, error, ref }: RoomPhotoFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const full = photos.items.length >= ROOM_LIMITS.maxPhotos;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    photos.add(Array.from(event.target.files ?? []));
    // The same file may be chosen again after it was removed.
    event.target.value = '';
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {i18n.t('Photos')}
      </label>
      <p id={hintId} className="text-sm text-neutral-600">
        {i18n.t('Up to {count} pictures. The first is the cover guests see first; drag a photo or use its buttons to change the order.', { count: ROOM_LIMITS.maxPhotos })}
      </p>
      <input
        ref={ref}
        id={id}
        name="photos"
        type="file"
        accept="image/*"
        multiple
        disabled={full}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={choose}
        // The browser's own 'No file chosen' would contradict the list below once a choice has been uploaded (the
        // input is emptied so the same file can be chosen again): only its button shows.
        className="w-full rounded-md border border-neutral-300 bg-neutral-50 text-sm text-transparent file:mr-3 file:cursor-pointer file:border-0 file:bg-rose-600 file:px-4 file:py-2.5 file:font-semibold file:text-white hover:file:bg-rose-700 disabled:opacity-60"
      />
      <p aria-live="polite" className="text-sm text-neutral-600">
        {photos.leftOut ?? (full ? i18n.t('This room has the most photos it can have ({count}).', { count: ROOM_LIMITS.maxPhotos }) : uploadNote(photos))}
      </p>
      <PhotoSorter items={photos.items} onMove={photos.move} onRemove={photos.remove} />
      <p id={errorId} className="min-h-5 text-sm text-rose-600">
        {error}
      </p>
    </div>
  );
}

/** What the uploads under way are doing: sending, or (every byte sent) waiting for the server to size the pictures. */
function uploadNote(photos: RoomPhotos): string {
  const underWay = photos.items.filter((item) => item.progress !== null);
  if (underWay.length === 0) return '';
  return underWay.every((item) => (item.progress ?? 0) >= 1) ? i18n.t('Processing photos…') : i18n.t('Uploading photos…');
}
