import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Container } from '../../components/container';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { usePendingSave } from '../../features/wishlists/hooks/use-pending-save';
import { HydrateLater } from '../../lib/hydrate-later';
import { i18n } from '../../lib/i18n';

const MAIN_ID = 'main-content';

export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-30 rounded-md bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {i18n.t('Skip to content')}
      </a>
      <SiteHeader />
      <PendingSave />
      {/* Offset by the fixed header's height (h-20). */}
      {/* At least a screen tall, so the footer starts below the fold and never jumps as content arrives. */}
      <main id={MAIN_ID} className="min-h-screen flex-1 pt-20">
        <Container>
          <Outlet />
          <AfterThePage>
            <ScrollRestoration />
          </AfterThePage>
        </Container>
      </main>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </div>
  );
}

/**
 * Preact re-renders the components a navigation changes one by one, shallowest first, each with its own layout
 * effects. Beside the page, react-router's ScrollRestoration scrolled before the page it restores had rendered:
 * Back from a room landed part-way up a long list, where the room page ended. Nested deeper than the page's
 * Outlet, it runs after the page is in place.
 */
function AfterThePage({ children }: { children: ReactNode }) {
  return (
    <div hidden>
      <div>{children}</div>
    </div>
  );
}

/**
 * A heart pressed before logging in saves its home once the person is back. A component of its own, so the session
 * arriving re-renders nothing else of the layout.
 */
function PendingSave() {
  usePendingSave();
  return null;
}
