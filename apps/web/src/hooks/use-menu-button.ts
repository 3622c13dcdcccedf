import { useEffect, useId, useRef } from 'react';

/**
 * The button that shows and hides a menu (the profile menu, the dashboard's sidebar on small screens): its props say
 * whether the menu is open and which element it is (`menuId`), and Escape closes the menu and gives focus back to it.
 */
export function useMenuButton(open: boolean, setOpen: (open: boolean) => void) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const setOpenRef = useRef(setOpen);
  useEffect(() => {
    setOpenRef.current = setOpen;
  });

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenRef.current(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const buttonProps = {
    ref: buttonRef,
    type: 'button',
    'aria-expanded': open,
    'aria-controls': menuId,
    onClick: () => setOpen(!open),
  } as const;
  return { buttonProps, menuId };
}
