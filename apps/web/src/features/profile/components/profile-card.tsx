import { useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { VerifyEmailNotice } from '../../auth/components/verify-email-notice';
import { useAuth } from '../../auth/hooks/use-auth';
import { useRole } from '../../users/api/use-role';
import { ChangePasswordDialog } from './change-password-dialog';
import { UpdateProfileDialog } from './update-profile-dialog';
import { i18n } from '../../../lib/i18n';

type OpenDialog = 'profile' | 'password' | null;

/** Each role's name on the badge. */
const ROLE_NAMES = { guest: /*i18n*/ 'Guest', host: /*i18n*/ 'Host', admin: /*i18n*/ 'Admin' } as const;

export function ProfileCard() {
  const { user } = useAuth();
  const { role, hostRequestPending } = useRole();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The dashboard's login guard has already made sure someone is signed in.
  if (!user) return null;
  const close = () => setDialog(null);

  return (
    <div className="mx-auto mt-6 max-w-2xl overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-neutral-200">
      <div aria-hidden="true" className="h-32 bg-linear-to-r from-rose-400 to-amber-300" />
      <div className="-mt-14 flex flex-col items-center gap-3 px-6 pb-8">
        <div className="rounded-full border-4 border-white">
          <Avatar src={user.image ?? null} alt={i18n.t('Profile photo')} size={96} />
        </div>
        {/* A fixed-size badge, so the role arriving does not move the card. */}
        <div className="flex flex-wrap items-center justify-center gap-2">
          <p className="flex h-7 min-w-16 items-center justify-center rounded-full bg-rose-600 px-4 text-xs font-semibold text-white">
            {role ? i18n.t(ROLE_NAMES[role]) : ''}
          </p>
          {hostRequestPending && (
            <p className="flex h-7 items-center rounded-full bg-amber-100 px-4 text-xs font-semibold text-amber-800">
              {i18n.t('Host request pending')}
            </p>
          )}
        </div>
        <p className="text-center text-lg font-medium break-all text-neutral-800">{i18n.t('User Id: {id}', { id: user.id })}</p>
        <div className="mt-2 flex w-full flex-col gap-4 rounded-lg bg-neutral-50 p-4 text-sm text-neutral-700 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1">
            <p className="break-all">{i18n.t('Name: {name}', { name: user.name })}</p>
            <p className="break-all">
              {i18n.t('Email: {email}', { email: user.email })}
              <span className={`ml-2 font-medium ${user.emailVerified ? 'text-emerald-700' : 'text-amber-800'}`}>
                {user.emailVerified ? i18n.t('(verified)') : i18n.t('(not verified)')}
              </span>
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:items-end">
            <Button className="sm:w-44" onClick={() => setDialog('profile')}>
              {i18n.t('Update Profile')}
            </Button>
            <Button variant="outline" className="sm:w-44" onClick={() => setDialog('password')}>
              {i18n.t('Change Password')}
            </Button>
          </div>
        </div>
        {!user.emailVerified && (
          <div className="w-full">
            <VerifyEmailNotice email={user.email} />
          </div>
        )}
      </div>
      {dialog === 'profile' && <UpdateProfileDialog user={user} open onClose={close} />}
      {dialog === 'password' && <ChangePasswordDialog open onClose={close} />}
    </div>
  );
}
