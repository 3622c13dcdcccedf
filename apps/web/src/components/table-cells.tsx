import { imageAtWidth } from '@staybook/domain/images';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A dashboard row's first cell: the room's picture beside its title and what goes under it. */
export function RoomTitleCell({ image, children }: { image: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3 text-left">
      <img
        src={imageAtWidth(image, 160)}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        className="size-14 shrink-0 rounded-lg bg-neutral-200 object-cover"
      />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

const TONES = {
  danger: 'bg-rose-100 text-rose-800 hover:bg-rose-200',
  change: 'bg-green-100 text-green-900 hover:bg-green-200',
} as const;

const ACTION_PILL = 'rounded-full px-3 py-1 font-semibold transition';
/** On one line; or, in a table whose actions would not fit its width, broken onto lines as the table needs. */
const FIT = { line: 'whitespace-nowrap', wrap: 'inline-block text-center text-balance' } as const;

/** A row's action (Delete, Update, Cancel): a small pill that opens what the row asks to confirm or change. */
export function RowAction({
  tone,
  label,
  fit = 'line',
  onClick,
  children,
}: {
  tone: keyof typeof TONES;
  /** The accessible name when the text alone does not say which row it acts on. */
  label?: string;
  fit?: keyof typeof FIT;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`${ACTION_PILL} ${FIT[fit]} ${TONES[tone]}`}
    >
      {children}
    </button>
  );
}

/** A row's action that is a page of its own: a link (it opens in a new tab too), dressed as the row's other actions. */
export function RowLink({
  tone,
  label,
  fit = 'line',
  to,
  children,
}: {
  tone: keyof typeof TONES;
  label?: string;
  fit?: keyof typeof FIT;
  to: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} aria-label={label} className={`${ACTION_PILL} ${FIT[fit]} ${TONES[tone]}`}>
      {children}
    </Link>
  );
}
