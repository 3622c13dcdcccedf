import { imageAtWidth } from '@staybook/domain/images';
import { ROOM_LIMITS } from '@staybook/domain/room-limits';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/form-errors';
import { describeImageProblem } from '../../uploads/api/upload-image';
import { uploadRoomPhoto } from '../api/hosting-api';
import { movePhoto, type PhotoItem } from '../components/photo-order';

let nextKey = 0;
const newKey = () => `photo-${(nextKey += 1)}`;

function storedItem(url: string): PhotoItem {
  return { key: newKey(), url, preview: imageAtWidth(url, 320), name: null, progress: null, error: null };
}

export interface RoomPhotos {
  items: PhotoItem[];
  /** Adds chosen files at the end (as many as fit under the limit) and uploads each at once. */
  add: (files: readonly File[]) => void;
  move: (from: number, to: number) => void;
  remove: (key: string) => void;
  /** Files left out of the last choice because the room was full, or null. */
  leftOut: string | null;
  /** Some upload is still on its way. */
  uploading: boolean;
  /** Some chosen file could not be uploaded (the host removes it, or saving says so). */
  failed: boolean;
}

/**
 * A room's photos while the form is open: the stored ones, then each chosen file, uploaded as soon as it is
 * chosen with its progress shown; `onPhotos` hears the stored URLs in order whenever they change (the form's
 * `photos`). Nothing chosen is dropped on an error: a failed upload stays in the list, with its message.
 */
export function useRoomPhotos(initial: readonly string[], onPhotos: (urls: string[]) => void): RoomPhotos {
  const [items, setItems] = useState<PhotoItem[]>(() => initial.map(storedItem));
  const [leftOut, setLeftOut] = useState<string | null>(null);
  const onPhotosRef = useRef(onPhotos);
  useEffect(() => {
    onPhotosRef.current = onPhotos;
  });
  const first = useRef(true);
  const urls = items.flatMap((item) => (item.url ? [item.url] : [])).join('\n');

  // In the same commit as the list it follows (a layout effect): a Save clicked the moment an upload's progress
  // bar goes sends that photo too, where a passive effect could still be waiting to run.
  useLayoutEffect(() => {
    // The form starts from the stored photos already.
    if (first.current) {
      first.current = false;
      return;
    }
    onPhotosRef.current(urls ? urls.split('\n') : []);
  }, [urls]);

  // Object URLs of chosen files live while the form does.
  const previews = useRef(new Set<string>());
  const controllers = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const open = previews.current;
    const running = controllers.current;
    return () => {
      open.forEach((url) => URL.revokeObjectURL(url));
      running.forEach((controller) => controller.abort());
    };
  }, []);

  const update = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      try {
        const url = await uploadRoomPhoto(file, { signal: controller.signal, onProgress: (sent) => update(key, { progress: sent }) });
        update(key, { url, progress: null });
      } catch (error) {
        if (controller.signal.aborted) return;
        update(key, { progress: null, error: errorMessage(error) });
      } finally {
        controllers.current.delete(key);
      }
    },
    [update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const room = Math.max(0, ROOM_LIMITS.maxPhotos - items.length);
      const taken = files.slice(0, room);
      const dropped = files.length - taken.length;
      setLeftOut(
        dropped > 0
          ? `A room can have at most ${ROOM_LIMITS.maxPhotos} photos: ${dropped === 1 ? '1 file was' : `${dropped} files were`} left out.`
          : null,
      );
      const added = taken.map((file): { item: PhotoItem; file: File } => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        const problem = describeImageProblem(file);
        return { file, item: { key: newKey(), url: null, preview, name: file.name, progress: problem ? null : 0, error: problem } };
      });
      setItems((current) => [...current, ...added.map(({ item }) => item)]);
      for (const { item, file } of added) if (!item.error) void upload(item.key, file);
    },
    [items.length, upload],
  );

  const move = useCallback((from: number, to: number) => setItems((current) => movePhoto(current, from, to)), []);

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      setLeftOut(null);
      const gone = items.find((item) => item.key === key);
      if (gone && previews.current.delete(gone.preview)) URL.revokeObjectURL(gone.preview);
      setItems((current) => current.filter((item) => item.key !== key));
    },
    [items],
  );

  return {
    items,
    add,
    move,
    remove,
    leftOut,
    uploading: items.some((item) => item.progress !== null),
    failed: items.some((item) => item.error !== null),
  };
}
