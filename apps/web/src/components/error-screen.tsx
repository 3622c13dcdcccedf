import { FaArrowLeft } from 'react-icons/fa';
import { useLocation, useNavigate } from 'react-router';
import { Button } from './button';
import { Heading } from './heading';
import { i18n } from '../lib/i18n';

interface ErrorScreenProps {
  /** What went wrong, in words for people (e.g. the API's "Room not found"). */
  message?: string;
  /** Offers 'Try again' for a failure that may pass (e.g. the server out of reach). */
  onRetry?: () => void;
}

export function ErrorScreen({ message, onRetry }: ErrorScreenProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // On the tab's first page of this site, going back would leave it (or do nothing): home instead.
  const goBack = () => void (canGoBackOnSite(location.key) ? navigate(-1) : navigate('/'));
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <Heading level={1} title={i18n.t('Something Went Wrong!')} center />
      {message && <p className="max-w-md text-neutral-700">{message}</p>}
      <p className="text-neutral-500">{i18n.t('Here are some helpful links:')}</p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            {i18n.t('Try again')}
          </Button>
        )}
        <Button variant="outline" onClick={goBack}>
          <FaArrowLeft aria-hidden="true" />
          {i18n.t('Go back')}
        </Button>
        <Button onClick={() => void navigate('/')}>{i18n.t('Take Me Home')}</Button>
      </div>
    </section>
  );
}

/** The part of the Navigation API used here; TypeScript's DOM types do not describe it yet. */
interface NavigationHistory {
  canGoBack: boolean;
}

/**
 * The Navigation API lists only this site's entries, so it also sees a page of the site left by
 * typing an address. Without it, only the router's own entries are known: `key` is 'default' on the
 * page the tab opened with.
 */
function canGoBackOnSite(locationKey: string): boolean {
  const { navigation } = window as { navigation?: NavigationHistory };
  return navigation ? navigation.canGoBack : locationKey !== 'default';
}
