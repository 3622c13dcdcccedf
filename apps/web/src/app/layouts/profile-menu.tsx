import type { ReactNode } from 'react';
import { AiOutlineMenu } from 'react-icons/ai';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { usePopover } from '../../hooks/use-popover';
import { errorMessage } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { i18n } from '../../lib/i18n';

/**
 * A disclosure rather than an ARIA menu: its entries are ordinary links (and the Logout button).
 * It closes on a second click, a click outside, Escape, or choosing an entry.
 */
export function ProfileMenu() {
  const { user, error, logOut } = useAuth();
  const { open, setOpen, rootRef, buttonProps, panelId } = usePopover({ escapeAnywhere: true });

  // Choosing an entry closes the menu; focus is the entry's to move (a link's page takes it).
  const close = () => setOpen(false);
  const handleLogOut = () => {
    close();
    logOut().catch((error: unknown) => notify.error(errorMessage(error)));
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        aria-label={i18n.t('Open profile menu')}
        className="flex items-center gap-3 rounded-full border border-neutral-200 py-1.5 pr-1.5 pl-3 transition hover:shadow-md"
      >
        <AiOutlineMenu size={18} aria-hidden="true" />
        <Avatar src={user?.image ?? null} alt={i18n.t('Profile photo')} />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute top-14 right-0 w-48 overflow-hidden rounded-xl border border-neutral-100 bg-white py-2 text-sm shadow-lg"
        >
          <ul>
            <MenuLink to="/" onSelect={close} smallScreensOnly>
              {i18n.t('Home')}
            </MenuLink>
            {user && (
              <>
                <MenuLink to="/dashboard" onSelect={close}>
                  {i18n.t('Dashboard')}
                </MenuLink>
                <li>
                  <button type="button" onClick={handleLogOut} className={`w-full text-left ${ENTRY_CLASS}`}>
                    {i18n.t('Logout')}
                  </button>
                </li>
              </>
            )}
            {/* When the session could not be read, the user may be signed in: no Login or Sign Up then. */}
            {!user && !error && (
              <>
                <MenuLink to="/login" onSelect={close}>
                  {i18n.t('Login')}
                </MenuLink>
                <MenuLink to="/signup" onSelect={close}>
                  {i18n.t('Sign Up')}
                </MenuLink>
              </>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

const ENTRY_CLASS = 'block px-4 py-3 font-semibold text-neutral-800 transition hover:bg-neutral-100';

interface MenuLinkProps {
  to: string;
  onSelect: () => void;
  /** Wide screens already reach home through the logo. */
  smallScreensOnly?: boolean;
  children: ReactNode;
}

function MenuLink({ to, onSelect, smallScreensOnly = false, children }: MenuLinkProps) {
  return (
    <li className={smallScreensOnly ? 'md:hidden' : undefined}>
      <Link to={to} onClick={onSelect} className={ENTRY_CLASS}>
        {children}
      </Link>
    </li>
  );
}
