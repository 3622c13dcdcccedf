import type { ReactNode } from 'react';

interface PopoverPanelProps {
  id: string;
  /** What the panel is for, read by screen readers ('Choose dates'). */
  label: string;
  /** In the small screens' sheet the panel sits in place; elsewhere it floats below its button. */
  inSheet: boolean;
  /** The floating panel's width classes. */
  width: string;
  children: ReactNode;
}

/** The panel a `usePopover` button opens (the search's dates and amenities). */
export function PopoverPanel({ id, label, inSheet, width, children }: PopoverPanelProps) {
  return (
    <div
      id={id}
      role="group"
      aria-label={label}
      className={
        inSheet
          ? 'rounded-xl border border-neutral-200 p-2'
          : `absolute top-full left-0 z-30 mt-2 ${width} rounded-2xl border border-neutral-200 bg-white p-4 shadow-xl`
      }
    >
      {children}
    </div>
  );
}
