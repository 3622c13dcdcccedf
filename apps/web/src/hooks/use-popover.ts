import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A button that opens a panel below it (the search's dates and amenities): Escape, a press outside it or `close`
 * shuts the panel and hands focus back to the button. In the small screens' sheet (`inSheet`) the panel opens in
 * place, and a press elsewhere in the sheet leaves it open.
 */
export function usePopover({ inSheet = false }: { inSheet?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open || inSheet) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, inSheet]);

  /** On the element holding button and panel: Escape closes the panel only, not a sheet around it. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    close();
  };

  return { open, toggle: () => setOpen((was) => !was), close, rootRef, buttonRef, onKeyDown };
}
