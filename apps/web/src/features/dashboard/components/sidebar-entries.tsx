import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { NavLink } from 'react-router';

const ENTRY_LAYOUT = 'flex w-full items-center gap-3 rounded-lg px-4 py-2.5 text-sm font-medium';
const ENTRY_CLASS = `${ENTRY_LAYOUT} transition focus-visible:-outline-offset-2`;

interface SidebarLinkProps {
  to: string;
  icon: IconType;
  /** Only the exact path counts as current (the dashboard's index). */
  end?: boolean;
  children: ReactNode;
}

/** NavLink marks the current page with aria-current="page"; the highlight follows it. */
export function SidebarLink({ to, icon: Icon, end = false, children }: SidebarLinkProps) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) =>
          `${ENTRY_CLASS} ${isActive ? 'bg-rose-100 text-rose-700' : 'text-neutral-700 hover:bg-neutral-200'}`
        }
      >
        <Icon size={18} aria-hidden="true" />
        {children}
      </NavLink>
    </li>
  );
}

interface SidebarButtonProps {
  icon: IconType;
  onClick: () => void;
  children: ReactNode;
}

export function SidebarButton({ icon: Icon, onClick, children }: SidebarButtonProps) {
  return (
    <button type="button" onClick={onClick} className={`${ENTRY_CLASS} text-neutral-700 hover:bg-neutral-200`}>
      <Icon size={18} aria-hidden="true" />
      {children}
    </button>
  );
}

/** A line in the sidebar that tells something rather than leads anywhere. */
export function SidebarNote({ icon: Icon, children }: { icon: IconType; children: ReactNode }) {
  return (
    <p className={`${ENTRY_LAYOUT} bg-amber-50 text-amber-800`}>
      <Icon size={18} aria-hidden="true" />
      {children}
    </p>
  );
}
