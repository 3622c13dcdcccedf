import type { ReactNode } from 'react';
import { Button } from './button';

/** What 'Show more' needs of a list that comes a page at a time (TanStack Query's infinite query gives it). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Show more' under a list that comes a page at a time, while there is a next page; it asks for that page. */
export function ShowMore({ pages, children = 'Show more', className = '' }: { pages: Pages; children?: ReactNode; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={`flex justify-center ${className}`}>
      <Button variant="outline" pending={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {children}
      </Button>
    </div>
  );
}
