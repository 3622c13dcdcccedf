import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

interface PopoverOptions {
  /** In the small screens' sheet the panel opens in place, and a press elsewhere in the sheet leaves it open. */
  inSheet?: boolean;
  /**
   * Escape closes the panel wherever focus is, not only inside `rootRef`'s element: for a menu of the page's frame,
   * which a click may open without focusing its button (Safari's buttons take no focus from a click).
   */
  escapeAnywhere?: boolean;
  /** Whether the panel shows, when the caller keeps it (with `onOpenChange`); the hook keeps it otherwise. */
  open?: boolean;
  /** What the button, Escape, a press outside or `close` ask for, when the caller keeps `open`. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A button that shows and hides a panel (the search's dates and amenities, the profile menu, the dashboard's sidebar
 * on small screens): Escape, a press outside `rootRef`'s element (which holds button and panel) or `close` shuts the
 * panel, and Escape and `close` hand focus back to the button (`setOpen(false)` leaves focus where it is, as for a menu
 * entry that was chosen). `buttonProps` go on the button (its ref, its type, whether the panel is open and which
 * element it is), `panelId` on the panel.
 */
export function usePopover({ inSheet = false, escapeAnywhere = false, open: openProp, onOpenChange }: PopoverOptions = {}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  // The listeners below call the latest `setOpen` and `close` (a caller's `onOpenChange` may be new each render).
  const latest = useRef({ setOpen, close });
  useEffect(() => {
    latest.current = { setOpen, close };
  });

  useEffect(() => {
    if (!open || inSheet) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) latest.current.setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, inSheet]);

  useEffect(() => {
    if (!open || !escapeAnywhere) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') latest.current.close();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [open, escapeAnywhere]);

  /** On the element holding button and panel: Escape closes the panel only, not a sheet around it. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    close();
  };

  const toggle = () => setOpen(!open);
  const buttonProps = {
    ref: buttonRef,
    type: 'button',
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: toggle,
  } as const;

  return { open, setOpen, toggle, close, rootRef, buttonRef, buttonProps, panelId, onKeyDown };
}
