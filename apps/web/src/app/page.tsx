import { Suspense, type ComponentType } from 'react';
import { Loader } from '../components/loader';

/** The tall loader while a page's code arrives (the dashboard's own pages use its Suspense). */
export function page(Page: ComponentType) {
  return (
    <Suspense fallback={<Loader />}>
      <Page />
    </Suspense>
  );
}
