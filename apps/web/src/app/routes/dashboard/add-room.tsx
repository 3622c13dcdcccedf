import { APP_PATHS } from '@staybook/domain/app-routes';
import { useNavigate } from 'react-router';
import { Loader } from '../../../components/loader';
import { useServerInfo } from '../../../features/auth/api/use-server-info';
import { VerifyEmailNotice } from '../../../features/auth/components/verify-email-notice';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { useCreateRoom } from '../../../features/hosting/api/use-room-changes';
import { RoomForm } from '../../../features/hosting/components/room-form';
import { notify } from '../../../lib/notify';
import { i18n } from '../../../lib/i18n';

export function AddRoomRoute() {
  const navigate = useNavigate();
  const create = useCreateRoom();
  const { user } = useAuth();
  // A new room is in the server's time zone unless the host picks another.
  const serverInfo = useServerInfo();

  return (
    <DashboardPage title={i18n.t('Add Room')}>
      {/* Listing waits until the e-mail address is verified: the form would only be refused. */}
      {user && !user.emailVerified ? (
        <VerifyEmailNotice email={user.email} action={/*i18n*/ 'list a room'} />
      ) : serverInfo.isPending ? (
        <Loader size="short" />
      ) : (
        <RoomForm
          defaultTimeZone={serverInfo.data?.timeZone}
          submitLabel={i18n.t('Save & Continue')}
          saving={create.isPending}
          draft="add-room"
          guardLeaving
          // A refusal is shown by the form, which keeps everything typed.
          onSave={(input) => create.mutateAsync(input)}
          onSaved={() => {
            notify.success(i18n.t('Room Added Successfully!'));
            void navigate(APP_PATHS.myListings);
          }}
        />
      )}
    </DashboardPage>
  );
}
