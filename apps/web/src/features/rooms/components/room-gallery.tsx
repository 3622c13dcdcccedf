import { imageAtWidth, imageSrcSet, ROOM_COVER_IMAGE_SIZES, ROOM_COVER_IMAGE_WIDTH } from '@staybook/domain/images';
import { Suspense, useRef, useState } from 'react';
import { lazyPage } from '../../../lib/lazy-page';
import { i18n } from '../../../lib/i18n';

const PhotoViewer = lazyPage(() => import('./photo-viewer'), 'PhotoViewer');

/** A thumbnail is a quarter of the article from `sm` up, half of it below. */
const THUMB_SIZES = ['(min-width: 1104px) 250px', '(min-width: 640px) calc((100vw - 64px) / 4)', 'calc((100vw - 40px) / 2)'].join(', ');

/** Photos shown below the cover before 'Show all photos'. */
const THUMBS_SHOWN = 4;

/** Each photo is itself the button that opens the viewer at it; its picture's text names it. */
const openerClass =
  'block size-full cursor-zoom-in rounded-[inherit] focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-rose-600';

/**
 * The room's photos: the cover large, the others in a grid below it (four, then 'Show all photos'). Each opens
 * the full-screen viewer (loaded when first opened) at that photo; closing it returns the keyboard to the photo
 * that opened it.
 */
export function RoomGallery({ title, photos }: { title: string; photos: readonly string[] }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(photos.length <= THUMBS_SHOWN + 1);
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  const openedFrom = useRef<number>(0);
  const cover = photos[0];
  const others = photos.slice(1, showAll ? undefined : THUMBS_SHOWN + 1);

  const open = (index: number) => {
    openedFrom.current = index;
    setViewing(index);
  };
  const close = () => {
    setViewing(null);
    // Once the page behind the viewer is no longer inert.
    requestAnimationFrame(() => openers.current[openedFrom.current]?.focus());
  };
  const showEverything = () => {
    setShowAll(true);
    // The first photo that was hidden, so the keyboard carries on from where the list grew.
    requestAnimationFrame(() => openers.current[THUMBS_SHOWN + 1]?.focus());
  };

  if (!cover) return null;
  // What each picture shows, as far as the product knows: the room, and which of its photos it is.
  const alt = (index: number) => i18n.t('{title}, photo {number} of {count}', { title, number: index + 1, count: photos.length });
  return (
    <section aria-label={i18n.t('Photos')} className="flex flex-col gap-2">
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-neutral-200 md:aspect-[2/1]">
        <button
          type="button"
          ref={(button) => {
            openers.current[0] = button;
          }}
          className={openerClass}
          onClick={() => open(0)}
        >
          <img
            src={imageAtWidth(cover, ROOM_COVER_IMAGE_WIDTH)}
            srcSet={imageSrcSet(cover)}
            sizes={ROOM_COVER_IMAGE_SIZES}
            loading="eager"
            fetchPriority="high"
            decoding="async"
            width={1600}
            height={800}
            alt={alt(0)}
            className="size-full object-cover"
          />
        </button>
      </div>
      {others.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="room-gallery">
          {others.map((url, i) => {
            const index = i + 1;
            return (
              <li key={url} className="relative aspect-[4/3] overflow-hidden rounded-lg bg-neutral-200">
                <button
                  type="button"
                  ref={(button) => {
                    openers.current[index] = button;
                  }}
                  className={openerClass}
                  onClick={() => open(index)}
                >
                  <img
                    src={imageAtWidth(url, 640)}
                    srcSet={imageSrcSet(url)}
                    sizes={THUMB_SIZES}
                    loading="lazy"
                    decoding="async"
                    width={640}
                    height={480}
                    alt={alt(index)}
                    className="size-full object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {!showAll && (
        <button
          type="button"
          onClick={showEverything}
          className="self-end rounded-lg border-2 border-neutral-900 bg-white px-4 py-2 text-sm font-semibold text-neutral-900 hover:bg-neutral-100"
        >
          {i18n.t('Show all photos ({count})', { count: photos.length })}
        </button>
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <PhotoViewer title={title} photos={photos} start={viewing} onClose={close} />
        </Suspense>
      )}
    </section>
  );
}
