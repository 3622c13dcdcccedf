import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a rejected submit, takes the keyboard (and screen reader) to the first field to fix in the
 * order the page shows them; a form library goes by the order fields registered in, which for pickers
 * registered later is not the page's. The focus moves once the messages have rendered.
 */
export function useFocusFirstInvalid(): [formRef: RefObject<HTMLFormElement | null>, focusFirstInvalid: () => void] {
  const formRef = useRef<HTMLFormElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);
  return [formRef, () => setRequests((n) => n + 1)];
}
