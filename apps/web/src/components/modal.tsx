import { Button } from './button';
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { i18n } from '../lib/i18n';

interface ModalProps {
  open: boolean;
  /** Escape, a click on the backdrop, or the caller's own Cancel. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** 'wide' for a dialog holding a whole form (Update Room Info). */
  size?: 'normal' | 'wide';
  children: ReactNode;
}

/** A titled dialog: focus stays inside while open and returns to the opener on close. */
export function Modal({ open, onClose, title, description, size = 'normal', children }: ModalProps) {
  useReturnFocusOnUnmount(open);
  return (
    // The dialog element itself covers the viewport, so it has a box (and counts as visible).
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 overflow-y-auto">
      <DialogBackdrop className="fixed inset-0 bg-black/30" />
      <div className="flex min-h-full items-center justify-center p-4">
        <DialogPanel
          className={`relative w-full ${size === 'wide' ? 'max-w-4xl' : 'max-w-md'} rounded-2xl bg-white p-6 text-left shadow-xl`}
        >
          <DialogTitle as="h2" className="text-lg font-semibold text-neutral-900">
            {title}
          </DialogTitle>
          {description && (
            <Description as="div" className="mt-2 text-sm text-neutral-600">
              {description}
            </Description>
          )}
          <div className="mt-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * Headless UI hands focus back when `open` turns false. A dialog that is unmounted while open (one
 * mounted only while needed, such as a lazily loaded one) is gone before it can: this does it, once
 * the page behind it is no longer inert.
 */
function useReturnFocusOnUnmount(open: boolean) {
  // Read on the first render, before the dialog takes focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  useEffect(() => {
    const isOpen = openRef;
    return () => {
      if (!isOpen.current || !opener) return;
      requestAnimationFrame(() => {
        if (opener.isConnected) opener.focus();
      });
    };
  }, [opener]);
}

interface ModalActionsProps {
  onCancel: () => void;
  confirmLabel: string;
  pending: boolean;
  /** Without it, the confirm button submits the surrounding form. */
  onConfirm?: () => void;
  /** When 'Cancel' would be ambiguous (e.g. 'Keep booking' in a dialog that cancels a booking). */
  cancelLabel?: string;
  /** The confirm button cannot be used yet (e.g. a payment still being prepared). */
  confirmDisabled?: boolean;
  /** The cancel button cannot be used now (an action that cannot be called back is running). */
  cancelDisabled?: boolean;
}

/** The Cancel / confirm row every dialog ends with. */
export function ModalActions({
  onCancel,
  confirmLabel,
  pending,
  onConfirm,
  cancelLabel = i18n.t('Cancel'),
  confirmDisabled = false,
  cancelDisabled = false,
}: ModalActionsProps) {
  return (
    <div className="mt-2 flex justify-end gap-3">
      <Button variant="subtle" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      {onConfirm ? (
        <Button pending={pending} disabled={confirmDisabled} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      ) : (
        <Button type="submit" pending={pending} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      )}
    </div>
  );
}

interface ConfirmDialogProps extends Omit<ModalActionsProps, 'onCancel' | 'onConfirm' | 'cancelDisabled'> {
  title: string;
  description: ReactNode;
  /** Closes the dialog: the cancel button, Escape or the backdrop (these wait while the action runs). */
  onClose: () => void;
  onConfirm: () => void;
  /** What shows above the buttons besides the description (the refund being worked out, a problem). */
  children?: ReactNode;
}

/** Asks before something that cannot be undone (deleting a room, cancelling a stay); stays open while it runs. */
export function ConfirmDialog({ title, description, onClose, pending, children, ...actions }: ConfirmDialogProps) {
  return (
    <Modal open onClose={() => !pending && onClose()} title={title} description={description}>
      {children}
      <hr className="my-6 border-neutral-200" />
      {/* Cancel waits as Escape and the backdrop do: an action once sent cannot be called back. */}
      <ModalActions onCancel={onClose} cancelDisabled={pending} pending={pending} {...actions} />
    </Modal>
  );
}
