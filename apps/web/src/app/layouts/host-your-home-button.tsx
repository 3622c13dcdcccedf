import { mayUse } from '@staybook/domain/access';
import { APP_PATHS } from '@staybook/domain/app-routes';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionQuery } from '../../features/auth/api/auth-queries';
import { userQuery } from '../../features/users/api/use-user';
import { errorMessage } from '../../lib/form-errors';
import { lazyPage } from '../../lib/lazy-page';
import { notify } from '../../lib/notify';

// Only guests ever open it: the dialog (and Headless UI) stay out of the first page load.
const BecomeHostDialog = lazyPage(
  () => import('../../features/users/components/become-host-dialog'),
  'BecomeHostDialog',
);

/**
 * Visitors go to log in first (and come back here). Guests are asked to become hosts. A host is taken where
 * hosting a home begins, Add Room; an admin, who cannot ask to host, to the dashboard.
 */
export function HostYourHomeButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [dialogOpen, setDialogOpen] = useState(false);

  const handleClick = async () => {
    try {
      // Waits for the session when a click comes before it has loaded, rather than guessing "visitor".
      const user = await queryClient.ensureQueryData(sessionQuery);
      if (!user) {
        await navigate('/login', { state: { from: location } });
        return;
      }
      const record = await queryClient.ensureQueryData(userQuery(user.email));
      if (mayUse(record.role, 'becomeHost')) setDialogOpen(true);
      else await navigate(mayUse(record.role, 'addRoom') ? APP_PATHS.addRoom : APP_PATHS.dashboard);
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
        Host your home
      </button>
      {dialogOpen && (
        <Suspense fallback={null}>
          <BecomeHostDialog open onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
