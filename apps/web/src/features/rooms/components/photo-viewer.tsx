import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { imageAtWidth, imageSrcSet } from '@staybook/domain/images';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { i18n } from '../../../lib/i18n';

interface PhotoViewerProps {
  title: string;
  photos: readonly string[];
  /** The photo shown first. */
  start: number;
  /** Escape, the Close button; the caller returns the keyboard to the photo that opened the viewer. */
  onClose: () => void;
}

/** How far a finger must travel sideways for a swipe to turn the photo (CSS pixels). */
const SWIPE_DISTANCE = 50;

const arrowClass =
  'absolute top-1/2 z-10 grid size-12 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-2xl text-neutral-900 shadow hover:bg-white focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * Every photo of a room, one at a time over the whole screen: previous and next by the arrow buttons, the left
 * and right arrow keys, or a swipe; 'N / M' says where you are. A dialog: the keyboard stays inside while it is
 * open, and Escape or Close closes it.
 */
export function PhotoViewer({ title, photos, start, onClose }: PhotoViewerProps) {
  const [index, setIndex] = useState(start);
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  const count = photos.length;
  const url = photos[index] ?? photos[0] ?? '';
  const turn = (step: number) => setIndex((current) => (current + step + count) % count);

  // On the document, wherever the dialog put the keyboard (the dialog itself, or one of its buttons).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      setIndex((current) => (current + step + count) % count);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count]);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeStart.current;
    swipeStart.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(event.clientY - from.y)) turn(dx < 0 ? 1 : -1);
  };

  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <DialogPanel className="flex size-full flex-col bg-neutral-950 text-white">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <DialogTitle as="h2" className="truncate text-base font-semibold">
            {i18n.t('Photos of {title}', { title })}
          </DialogTitle>
          <p aria-live="polite" aria-atomic="true" className="shrink-0 text-sm tabular-nums">
            <span className="sr-only">{i18n.t('Photo')} </span>
            {`${index + 1} / ${count}`}
          </p>
          <button
            type="button"
            onClick={onClose}
            className="shrink-0 rounded-lg border-2 border-white px-4 py-1.5 text-sm font-semibold hover:bg-white/10 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {i18n.t('Close')}
          </button>
        </div>
        <div
          className="relative min-h-0 flex-1 touch-pan-y select-none"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeStart.current = null)}
        >
          <img
            key={url}
            src={imageAtWidth(url, 1600)}
            srcSet={imageSrcSet(url)}
            sizes="100vw"
            alt={i18n.t('{title}, photo {number} of {count}', { title, number: index + 1, count })}
            draggable={false}
            className="size-full object-contain"
          />
          {count > 1 && (
            <>
              <button type="button" aria-label={i18n.t('Previous photo')} onClick={() => turn(-1)} className={`${arrowClass} left-3`}>
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" aria-label={i18n.t('Next photo')} onClick={() => turn(1)} className={`${arrowClass} right-3`}>
                <span aria-hidden="true">›</span>
              </button>
            </>
          )}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
