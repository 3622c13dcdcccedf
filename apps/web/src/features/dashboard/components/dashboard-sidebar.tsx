import { ACCESS, hasDashboardModes, inSidebar, type Capability } from '@staybook/domain/access';
import { useState, type ComponentType } from 'react';
import type { IconType } from 'react-icons';
// Lucide, a set the first page does not use: icons sharing a module with the home page's icons
// would be bundled into its entry chunk.
import {
  LuCalendarCheck,
  LuCalendarCog,
  LuCalendarDays,
  LuChartLine,
  LuHeart,
  LuHourglass,
  LuInbox,
  LuHouse,
  LuHousePlus,
  LuLandmark,
  LuLogOut,
  LuMessageSquare,
  LuPercent,
  LuPiggyBank,
  LuReceipt,
  LuUser,
  LuUserCog,
  LuUserPlus,
} from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { LogoLink } from '../../../components/logo-link';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/hooks/use-auth';
import { RequestCountBadge } from '../../bookings/components/request-count-badge';
import { UnreadBadge } from '../../messages/components/unread-badge';
import { useRole } from '../../users/api/use-role';
import { BecomeHostDialog } from '../../users/components/become-host-dialog';
import { HostRequestBadge } from '../../users/components/host-request-badge';
import { useDashboardMode } from '../hooks/use-dashboard-mode';
import { ModeToggle } from './mode-toggle';
import { SidebarButton, SidebarLink, SidebarNote } from './sidebar-entries';
import { i18n } from '../../../lib/i18n';

/**
 * The pages between Statistics and Profile, in sidebar order; the access table decides who sees which. `badge`
 * shows a count beside the label.
 */
const ROLE_ENTRIES: readonly { capability: Capability; to: string; icon: IconType; label: string; badge?: ComponentType }[] = [
  { capability: 'addRoom', to: ACCESS.addRoom.path, icon: LuHousePlus, label: /*i18n*/ 'Add Room' },
  { capability: 'myListings', to: ACCESS.myListings.path, icon: LuHouse, label: /*i18n*/ 'My Listings' },
  // The host calendar: whoever may open My Listings, beside it.
  { capability: 'hostCalendar', to: ACCESS.hostCalendar.path, icon: LuCalendarDays, label: /*i18n*/ 'Calendar' },
  { capability: 'manageBookings', to: ACCESS.manageBookings.path, icon: LuCalendarCog, label: /*i18n*/ 'Manage Bookings' },
  { capability: 'requests', to: ACCESS.requests.path, icon: LuInbox, label: /*i18n*/ 'Requests', badge: RequestCountBadge },
  { capability: 'earnings', to: ACCESS.earnings.path, icon: LuPiggyBank, label: /*i18n*/ 'Earnings' },
  { capability: 'payouts', to: ACCESS.payouts.path, icon: LuLandmark, label: /*i18n*/ 'Payouts' },
  { capability: 'myBookings', to: ACCESS.myBookings.path, icon: LuCalendarCheck, label: /*i18n*/ 'My Bookings' },
  { capability: 'messages', to: ACCESS.messages.path, icon: LuMessageSquare, label: /*i18n*/ 'Messages', badge: UnreadBadge },
  { capability: 'wishlists', to: ACCESS.wishlists.path, icon: LuHeart, label: /*i18n*/ 'Wishlists' },
  { capability: 'manageUsers', to: ACCESS.manageUsers.path, icon: LuUserCog, label: /*i18n*/ 'Manage Users', badge: HostRequestBadge },
  { capability: 'marketplaceFees', to: ACCESS.marketplaceFees.path, icon: LuPercent, label: /*i18n*/ 'Fees' },
  { capability: 'finance', to: ACCESS.finance.path, icon: LuReceipt, label: /*i18n*/ 'Finance' },
];

export function DashboardSidebar() {
  const { logOut } = useAuth();
  const { role, loading, hostRequestPending } = useRole();
  const [mode, toggleMode] = useDashboardMode();
  const [hostDialogOpen, setHostDialogOpen] = useState(false);
  const navigate = useNavigate();

  const handleLogOut = async () => {
    // Leave the private pages first, so their login guard does not race this to /login.
    await navigate('/', { replace: true });
    logOut().catch((error: unknown) => notify.error(errorMessage(error)));
  };

  return (
    <div className="flex h-full flex-col gap-4 px-3 py-5">
      <LogoLink className="mx-3 hidden self-start md:block" />
      {role && hasDashboardModes(role) && <ModeToggle mode={mode} onToggle={toggleMode} />}
      <nav aria-label={i18n.t('Dashboard')} className="flex flex-1 flex-col">
        <ul className="flex flex-col gap-1">
          <SidebarLink to={ACCESS.statistics.path} end icon={LuChartLine}>
            {i18n.t('Statistics')}
          </SidebarLink>
          {loading && <RoleEntriesPlaceholder />}
          {role &&
            ROLE_ENTRIES.filter((entry) => inSidebar(role, mode, entry.capability)).map(({ to, icon, label, badge: Badge }) => (
              <SidebarLink key={to} to={to} icon={icon}>
                {i18n.t(label)}
                {Badge && <Badge />}
              </SidebarLink>
            ))}
          {role && inSidebar(role, mode, 'becomeHost') && (
            <li>
              {hostRequestPending ? (
                <SidebarNote icon={LuHourglass}>{i18n.t('Host request pending')}</SidebarNote>
              ) : (
                <SidebarButton icon={LuUserPlus} onClick={() => setHostDialogOpen(true)}>
                  {i18n.t('Become A Host')}
                </SidebarButton>
              )}
            </li>
          )}
        </ul>
        <ul className="mt-auto border-t border-neutral-200 pt-4">
          <SidebarLink to={ACCESS.profile.path} icon={LuUser}>
            {i18n.t('Profile')}
          </SidebarLink>
        </ul>
      </nav>
      <SidebarButton icon={LuLogOut} onClick={() => void handleLogOut()}>
        {i18n.t('Logout')}
      </SidebarButton>
      <BecomeHostDialog open={hostDialogOpen} onClose={() => setHostDialogOpen(false)} />
    </div>
  );
}

/** Keeps the sidebar's height while the role loads, so the entries do not jump in. */
function RoleEntriesPlaceholder() {
  return (
    <li aria-hidden="true" className="flex flex-col gap-1">
      <span className="h-10 animate-pulse rounded-lg bg-neutral-200" />
      <span className="h-10 animate-pulse rounded-lg bg-neutral-200" />
    </li>
  );
}
