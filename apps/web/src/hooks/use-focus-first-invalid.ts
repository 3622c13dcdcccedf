import { useEffect, useRef, type RefObject } from 'react';

/**
 * After each submit, takes the keyboard (and screen reader) to the first field still marked invalid, in
 * the order the page shows them; a form library goes by the order fields registered in, which for pickers
 * registered later is not the page's. Keyed on the submit count, which the form library publishes together
 * with the messages, so the focus moves once they have rendered.
 */
export function useFocusFirstInvalid(submitCount: number): RefObject<HTMLFormElement | null> {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (submitCount > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  return formRef;
}
