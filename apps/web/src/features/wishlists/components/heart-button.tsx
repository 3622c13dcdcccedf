import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { useAuth } from '../../auth/hooks/use-auth';
import { rememberPendingSave } from '../api/pending-save';
import { useSavedLists } from '../api/saved-lists';
import { i18n } from '../../../lib/i18n';

const SaveDialog = lazyPage(() => import('./save-dialog'), 'SaveDialog');

type HeartProps = { roomId: string; title: string; className?: string };

/**
 * The heart on a room's card and page (docs/decisions/052-wishlists.md). Pressed, it saves the home (or takes it off
 * its list); a visitor is asked to log in and comes back with the home saved. What a press does loads on the press.
 * A visitor's hearts ask nothing and keep no query: a grid of them is drawn before the page can be touched.
 */
export function HeartButton(props: HeartProps) {
  const { user } = useAuth();
  return user ? <SignedInHeart {...props} /> : <VisitorHeart {...props} />;
}

function VisitorHeart({ roomId, title, className = '' }: HeartProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const press = () => {
    rememberPendingSave(roomId);
    void navigate('/login', { state: { from: location } });
  };
  return <Heart label={i18n.t('Save {title}', { title })} saved={false} busy={false} onPress={press} className={className} />;
}

function SignedInHeart({ roomId, title, className = '' }: HeartProps) {
  const queryClient = useQueryClient();
  const { data: lists = [] } = useSavedLists(roomId);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const saved = lists.length > 0;
  const label = !saved
    ? i18n.t('Save {title}', { title })
    : lists.length === 1
      ? i18n.t('Remove {title} from {list}', { title, list: lists[0]!.name })
      : i18n.t('Change the wishlists of {title}', { title });

  const press = async () => {
    setBusy(true);
    try {
      const { pressHeart } = await import('./heart-actions');
      if ((await pressHeart({ roomId, lists, queryClient })) === 'choose') setChoosing(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Heart label={label} saved={saved} busy={busy} onPress={() => void press()} className={className} />
      {choosing && (
        <Suspense fallback={null}>
          <SaveDialog roomId={roomId} title={title} onClose={() => setChoosing(false)} />
        </Suspense>
      )}
    </>
  );
}

function Heart({ label, saved, busy, onPress, className }: { label: string; saved: boolean; busy: boolean; onPress: () => void; className: string }) {
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onPress}
      className={`grid size-10 place-items-center rounded-full bg-white/90 shadow-sm transition hover:scale-110 disabled:opacity-70 ${className}`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className={`size-5 ${saved ? 'fill-rose-600 stroke-rose-600' : 'fill-transparent stroke-neutral-900'}`} strokeWidth="2">
        <path d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2 0 3.4 1.1 4.4 2.6h2C14 6.1 15.4 5 17.4 5 21 5 23 8.6 21.6 11.8 19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
