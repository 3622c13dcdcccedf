import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/form-errors';
import { lazyPage } from '../../lib/lazy-page';
import { notify } from '../../lib/notify';
import { i18n } from '../../lib/i18n';

// Only guests ever open it: the dialog (and Headless UI) stay out of the first page load.
const BecomeHostDialog = lazyPage(
  () => import('../../features/users/components/become-host-dialog'),
  'BecomeHostDialog',
);

/**
 * Visitors go to log in first (and come back here). Guests are asked to become hosts. A host is taken where
 * hosting a home begins, Add Room; an admin, who cannot ask to host, to the dashboard (hosting-start.ts, loaded on
 * the first press).
 */
export function HostYourHomeButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [dialogOpen, setDialogOpen] = useState(false);

  const handleClick = async () => {
    try {
      const { findHostingStart } = await import('./hosting-start');
      const start = await findHostingStart(queryClient);
      if (start.kind === 'log-in') await navigate('/login', { state: { from: location } });
      else if (start.kind === 'ask-to-host') setDialogOpen(true);
      else await navigate(start.path);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void handleClick()}
        className="hidden rounded-full px-4 py-3 text-sm font-semibold text-neutral-800 transition hover:bg-neutral-100 md:block"
      >
        {i18n.t('Host your home')}
      </button>
      {dialogOpen && (
        <Suspense fallback={null}>
          <BecomeHostDialog open onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
