import { useState } from 'react';
// Lucide, a set the first page does not use: icons sharing a module with the home page's icons
// would be bundled into its entry chunk.
import {
  LuCalendarCheck,
  LuCalendarCog,
  LuChartLine,
  LuHourglass,
  LuHouse,
  LuHousePlus,
  LuLogOut,
  LuUser,
  LuUserCog,
  LuUserPlus,
} from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { LogoLink } from '../../../components/logo-link';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/hooks/use-auth';
import { useRole } from '../../users/api/use-role';
import { BecomeHostDialog } from '../../users/components/become-host-dialog';
import { useDashboardMode } from '../hooks/use-dashboard-mode';
import { ModeToggle } from './mode-toggle';
import { SidebarButton, SidebarLink, SidebarNote } from './sidebar-entries';

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

  const guestView = role === 'guest' || (role === 'host' && mode === 'guest');

  return (
    <div className="flex h-full flex-col gap-4 px-3 py-5">
      <LogoLink className="mx-3 hidden self-start md:block" />
      {role === 'host' && <ModeToggle mode={mode} onToggle={toggleMode} />}
      <nav aria-label="Dashboard" className="flex flex-1 flex-col">
        <ul className="flex flex-col gap-1">
          <SidebarLink to="/dashboard" end icon={LuChartLine}>
            Statistics
          </SidebarLink>
          {loading && <RoleEntriesPlaceholder />}
          {role === 'host' && mode === 'host' && (
            <>
              <SidebarLink to="/dashboard/add-room" icon={LuHousePlus}>
                Add Room
              </SidebarLink>
              <SidebarLink to="/dashboard/my-listings" icon={LuHouse}>
                My Listings
              </SidebarLink>
              <SidebarLink to="/dashboard/manage-bookings" icon={LuCalendarCog}>
                Manage Bookings
              </SidebarLink>
            </>
          )}
          {guestView && (
            <SidebarLink to="/dashboard/my-bookings" icon={LuCalendarCheck}>
              My Bookings
            </SidebarLink>
          )}
          {role === 'guest' && (
            <li>
              {hostRequestPending ? (
                <SidebarNote icon={LuHourglass}>Host request pending</SidebarNote>
              ) : (
                <SidebarButton icon={LuUserPlus} onClick={() => setHostDialogOpen(true)}>
                  Become A Host
                </SidebarButton>
              )}
            </li>
          )}
          {role === 'admin' && (
            <SidebarLink to="/dashboard/manage-users" icon={LuUserCog}>
              Manage Users
            </SidebarLink>
          )}
        </ul>
        <ul className="mt-auto border-t border-neutral-200 pt-4">
          <SidebarLink to="/dashboard/profile" icon={LuUser}>
            Profile
          </SidebarLink>
        </ul>
      </nav>
      <SidebarButton icon={LuLogOut} onClick={() => void handleLogOut()}>
        Logout
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
