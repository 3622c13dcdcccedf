import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { AlertText } from '../../../components/alert-text';
import { shortFileName } from '../../../lib/file-name';
import type { PhotoItem } from './photo-order';
import { i18n } from '../../../lib/i18n';

type Control = 'up' | 'down' | 'cover' | 'remove';

interface PhotoSorterProps {
  items: readonly PhotoItem[];
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
}

const controlClass =
  'rounded-md border border-neutral-300 bg-white px-2 py-1 text-xs font-medium text-neutral-800 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The room's photos in order, the first being the cover: dragged into place with a mouse, or moved with the
 * 'Move up' / 'Move down' / 'Make cover' buttons from the keyboard (focus follows the photo moved, and a polite
 * announcement says where it went); each can be removed. Photos still uploading show their progress, refused
 * ones their reason.
 */
export function PhotoSorter({ items, onMove, onRemove }: PhotoSorterProps) {
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const controls = useRef(new Map<string, HTMLButtonElement>());
  /** Where the keyboard goes once the list has re-rendered after a move or a removal. */
  const refocus = useRef<{ key: string; control: Control } | null>(null);

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const index = items.findIndex((item) => item.key === wanted.key);
    if (index < 0) return;
    // A button the move disabled (Move up on the cover) hands the keyboard to its neighbour.
    const order: Control[] =
      wanted.control === 'up' ? ['up', 'down', 'remove'] : wanted.control === 'down' ? ['down', 'up', 'remove'] : [wanted.control, 'down', 'remove'];
    for (const control of order) {
      const button = controls.current.get(`${wanted.key}:${control}`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }, [items]);

  const move = (from: number, to: number, control: Control) => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || from === to) return;
    refocus.current = { key: item.key, control };
    onMove(from, to);
    setAnnouncement(to === 0 ? i18n.t('Photo {number} is now the cover.', { number: from + 1 }) : i18n.t('Photo moved to position {number} of {count}.', { number: to + 1, count: items.length }));
  };

  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    const neighbour = items[index + 1] ?? items[index - 1];
    if (neighbour) refocus.current = { key: neighbour.key, control: 'remove' };
    onRemove(item.key);
    setAnnouncement(i18n.t('Photo {number} removed.', { number: index + 1 }));
  };

  const drop = (event: DragEvent<HTMLLIElement>, to: number) => {
    event.preventDefault();
    const key = dragging ?? event.dataTransfer.getData('text/plain');
    const from = items.findIndex((item) => item.key === key);
    setDragging(null);
    setOver(null);
    if (from >= 0 && from !== to) {
      onMove(from, to);
      setAnnouncement(to === 0 ? i18n.t('The photo dropped first is now the cover.') : i18n.t('Photo moved to position {number} of {count}.', { number: to + 1, count: items.length }));
    }
  };

  const bind = (key: string, control: Control) => (button: HTMLButtonElement | null) => {
    if (button) controls.current.set(`${key}:${control}`, button);
    else controls.current.delete(`${key}:${control}`);
  };

  if (items.length === 0) return null;
  return (
    <div>
      <ol aria-label={i18n.t('Chosen pictures in order, the first being the cover')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item, index) => {
          const captionId = `${id}-${item.key}`;
          // The spec's picker label: a chosen file's name, cut when longer than 20 characters.
          const label = item.name
            ? i18n.t('Photo {number} of {count}: {name}', { number: index + 1, count: items.length, name: shortFileName(item.name) })
            : i18n.t('Photo {number} of {count}', { number: index + 1, count: items.length });
          return (
            <li
              key={item.key}
              draggable
              data-testid="photo-item"
              onDragStart={(event) => {
                setDragging(item.key);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.key);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (over !== index) setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event) => drop(event, index)}
              className={`flex cursor-grab flex-col gap-2 rounded-lg border bg-white p-2 ${
                over === index && dragging !== item.key ? 'border-rose-600 ring-2 ring-rose-600' : 'border-neutral-200'
              } ${dragging === item.key ? 'opacity-50' : ''}`}
            >
              <div className="relative aspect-[4/3] overflow-hidden rounded-md bg-neutral-200">
                <img src={item.preview} alt={i18n.t('Preview of photo {number}', { number: index + 1 })} draggable={false} className="size-full object-cover" />
                {index === 0 && (
                  <span className="absolute top-1.5 left-1.5 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-neutral-900 shadow">
                    {i18n.t('Cover')}
                  </span>
                )}
              </div>
              <p id={captionId} className="truncate text-xs text-neutral-700">
                {label}
              </p>
              {item.progress !== null && (
                <div className="flex items-center gap-2 text-xs text-neutral-700">
                  <progress max={1} value={item.progress} aria-label={i18n.t('Uploading photo {number}', { number: index + 1 })} className="h-2 w-full accent-rose-600" />
                  {/* Every byte sent: the server is still making the picture's sizes. */}
                  <span aria-hidden="true">{item.progress >= 1 ? i18n.t('Processing…') : i18n.t('{percent}%', { percent: Math.round(item.progress * 100) })}</span>
                </div>
              )}
              <AlertText className="text-xs text-rose-700">{item.error}</AlertText>
              <div className="flex flex-wrap gap-1">
                <button type="button" ref={bind(item.key, 'up')} aria-describedby={captionId} className={controlClass} disabled={index === 0} onClick={() => move(index, index - 1, 'up')}>
                  {i18n.t('Move up')}
                </button>
                <button
                  type="button"
                  ref={bind(item.key, 'down')}
                  aria-describedby={captionId}
                  className={controlClass}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  {i18n.t('Move down')}
                </button>
                {index > 0 && (
                  <button type="button" ref={bind(item.key, 'cover')} aria-describedby={captionId} className={controlClass} onClick={() => move(index, 0, 'cover')}>
                    {i18n.t('Make cover')}
                  </button>
                )}
                <button type="button" ref={bind(item.key, 'remove')} aria-describedby={captionId} className={controlClass} onClick={() => remove(index)}>
                  {i18n.t('Remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
