import { useEffect, useEffectEvent, useState } from 'react';

interface Options {
  /** While false nothing is observed; turning it back on re-checks an element that never left the view. */
  enabled: boolean;
  /** How far ahead of the viewport to fire, so content is ready before the user gets there. */
  rootMargin?: string;
  /**
   * How long the element must stay in view first. Scrolling straight past it does not fire, and a
   * control placed beside it (e.g. a "Show more" button just scrolled to) can still be used.
   */
  dwellMs?: number;
}

/** Calls `onVisible` when the element given to the returned ref callback stays in (or near) view. */
export function useOnVisible(onVisible: () => void, { enabled, rootMargin = '400px', dwellMs = 250 }: Options) {
  const [element, setElement] = useState<Element | null>(null);
  const handleVisible = useEffectEvent(onVisible);

  useEffect(() => {
    if (!element || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(timer);
        if (entries.some((entry) => entry.isIntersecting)) timer = setTimeout(() => handleVisible(), dwellMs);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [element, enabled, rootMargin, dwellMs]);

  return setElement;
}
