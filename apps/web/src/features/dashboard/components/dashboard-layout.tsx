import { Suspense, useState } from 'react';
import { AiOutlineMenu } from 'react-icons/ai';
import { Outlet, useLocation } from 'react-router';
import { Loader } from '../../../components/loader';
import { LogoLink } from '../../../components/logo-link';
import { usePopover } from '../../../hooks/use-popover';
import { DashboardSidebar } from './dashboard-sidebar';
import { i18n } from '../../../lib/i18n';

/**
 * The sidebar sits on the left from md up. Below md it is off-canvas: a top bar's button opens it,
 * and it closes on Escape, a tap outside, or any navigation.
 */
export function DashboardLayout() {
  const location = useLocation();
  // Remembering the navigation it was opened on closes it on the next one without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === location.key;
  const close = () => setOpenedAt(null);
  // The whole layout is the popover's inside: the backdrop over the page is the outside, and a tap on it closes the
  // sidebar as a click, so the tap does not go on to what lies under it.
  const { rootRef, buttonProps, panelId: sidebarId } = usePopover({
    escapeAnywhere: true,
    open: menuOpen,
    onOpenChange: (open) => setOpenedAt(open ? location.key : null),
  });

  return (
    <div ref={rootRef} className="min-h-screen bg-white">
      <header className="sticky top-0 z-20 flex h-16 items-center justify-between border-b border-neutral-200 bg-white px-4 md:hidden">
        <LogoLink size="small" />
        <button
          {...buttonProps}
          aria-label={i18n.t('Open dashboard menu')}
          className="rounded-md p-2 text-neutral-800 hover:bg-neutral-100"
        >
          <AiOutlineMenu size={24} aria-hidden="true" />
        </button>
      </header>

      {menuOpen && <div aria-hidden="true" onClick={close} className="fixed inset-0 z-30 bg-black/30 md:hidden" />}

      {/* Hidden (not only moved) when closed on small screens, so its links leave the tab order too. */}
      <aside
        id={sidebarId}
        className={`fixed inset-y-0 left-0 z-40 w-64 overflow-y-auto bg-neutral-100 transition-[translate,visibility] duration-200 md:visible md:translate-x-0 ${
          menuOpen ? 'visible translate-x-0' : 'invisible -translate-x-full'
        }`}
      >
        <DashboardSidebar />
      </aside>

      <main className="px-4 py-6 md:ml-64 md:px-10 md:py-10">
        {/*
          One boundary per page: leaving a page whose code is still loading (My Bookings, then Statistics at
          once) must not leave the next page waiting on the first one's boundary, which could show nothing.
        */}
        <Suspense key={location.pathname} fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
