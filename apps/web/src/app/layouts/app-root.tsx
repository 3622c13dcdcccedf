import { Outlet, useLocation, useNavigate } from 'react-router';
import { AuthProvider } from '../../features/auth/components/auth-provider';

/**
 * The top of the route tree: the auth state lives inside the router so that a session the API
 * rejected (401) can send the user to /login, carrying where they were.
 */
export function AppRoot() {
  const navigate = useNavigate();
  const location = useLocation();
  const goToLogin = () =>
    void navigate('/login', { replace: true, state: location.pathname === '/login' ? null : { from: location } });
  return (
    <AuthProvider onSessionRejected={goToLogin}>
      <Outlet />
    </AuthProvider>
  );
}
