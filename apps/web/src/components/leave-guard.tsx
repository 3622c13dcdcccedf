import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { Button } from './button';
import { FormActions } from './form-actions';
import { Modal } from './modal';
import { i18n } from '../lib/i18n';

/**
 * Whether leaving should ask: while `dirty`, until `settle()` (the form saved, and is about to move on itself).
 * `active` reads the moment it is asked, so the navigation right after a save is not stopped.
 */
export function useLeaveQuestion(dirty: boolean): { active: () => boolean; settle: () => void } {
  const dirtyRef = useRef(dirty);
  const settled = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const active = useCallback(() => dirtyRef.current && !settled.current, []);
  const settle = useCallback(() => {
    settled.current = true;
  }, []);
  return { active, settle };
}

/**
 * Asks, with the browser's own question, before a person closes or reloads the tab while `active()` holds (read at
 * that moment). A dialog's form uses it alone: its own Cancel is the way out inside the app.
 */
export function useCloseTabQuestion(active: () => boolean) {
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  });
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!activeRef.current()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return activeRef;
}

/**
 * Asks before a person leaves a form with changes not yet saved: in the app (a link, the sidebar, Back) with a
 * dialog, and when closing or reloading the tab with the browser's own question. `active` is asked at that moment,
 * so a form that has just saved lets its own navigation through. What was typed is kept as a draft either way.
 */
export function LeaveGuard({ active }: { active: () => boolean }) {
  const activeRef = useCloseTabQuestion(active);
  // Blocking navigation needs the app's data router; a component's own test renders without one.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <InAppGuard activeRef={activeRef} /> : null;
}

function InAppGuard({ activeRef }: { activeRef: { current: () => boolean } }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => activeRef.current() && currentLocation.pathname !== nextLocation.pathname);
  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      open={blocked}
      onClose={() => blocker.reset?.()}
      title={i18n.t('Leave this page?')}
      description={i18n.t('Your changes are not saved yet. They are kept as a draft on this device, so you can finish them when you come back.')}
    >
      <FormActions>
        <Button variant="subtle" onClick={() => blocker.reset?.()}>
          {i18n.t('Stay on this page')}
        </Button>
        <Button onClick={() => blocker.proceed?.()}>{i18n.t('Leave')}</Button>
      </FormActions>
    </Modal>
  );
}
