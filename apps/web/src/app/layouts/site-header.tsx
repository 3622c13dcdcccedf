import { Link } from 'react-router';
import { Container } from '../../components/container';
import { HostYourHomeButton } from './host-your-home-button';
import { ProfileMenu } from './profile-menu';

export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-20 border-b border-neutral-200 bg-white shadow-sm">
      <Container>
        <div className="flex h-20 items-center justify-between gap-3">
          <Link to="/" aria-label="StayBook home" className="shrink-0 rounded-md">
            <img src="/logo.svg" alt="StayBook" width={160} height={36} className="h-9 w-auto" />
          </Link>
          <div className="flex items-center gap-2">
            <HostYourHomeButton />
            <ProfileMenu />
          </div>
        </div>
      </Container>
    </header>
  );
}
