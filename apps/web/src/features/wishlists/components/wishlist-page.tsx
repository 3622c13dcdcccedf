import { APP_PATHS, sharedWishlistPath } from '@staybook/domain/app-routes';
import { wishlistNameSchema, type Wishlist, type WishlistRoom } from '@staybook/domain/wishlists';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { CancelAndSubmit } from '../../../components/form-actions';
import { ErrorScreen } from '../../../components/error-screen';
import { TextField } from '../../../components/fields';
import { Loader } from '../../../components/loader';
import { ConfirmDialog, Modal } from '../../../components/modal';
import { ShowMore } from '../../../components/show-more';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { DashboardPage } from '../../dashboard/components/dashboard-page';
import { useDeleteWishlist, useRemoveFromWishlist, useShareWishlist, useUpdateWishlist, useWishlist } from '../api/use-wishlists';
import { StayForm } from './stay-form';
import { WishlistRooms } from './wishlist-rooms';
import { i18n } from '../../../lib/i18n';

/** One of the person's wishlists: its homes, its stay's totals, rename, delete and the private link. */
export function WishlistPage({ listId }: { listId: string }) {
  const query = useWishlist(listId);
  const remove = useRemoveFromWishlist(listId);
  if (query.isPending) return <Loader />;
  if (!query.data) return <ErrorScreen message={query.error?.message} />;
  const { list } = query.data.pages[0]!;
  const items = query.data.pages.flatMap((page) => page.items);
  const removeRoom = (item: WishlistRoom) =>
    remove.mutate(item.room._id, {
      onSuccess: () => notify.success(i18n.t('Removed {title} from {name}', { title: item.room.title, name: list.name })),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <DashboardPage title={list.name}>
      <p className="-mt-4 text-neutral-600">{i18n.t('{count, plural, one {# home} other {# homes}}', { count: list.count })}</p>
      <ListActions list={list} />
      {/* Keyed by the stay, so the fields start from the saved one after it changes. */}
      <StayForm key={JSON.stringify(list.stay)} listId={list.id} stay={list.stay} />
      {items.length === 0 ? (
        <p className="text-neutral-600">{i18n.t('No homes on this list yet. Press the heart on a home to save it here.')}</p>
      ) : (
        <WishlistRooms items={items} stayGuests={list.stay?.guests} onRemove={removeRoom} removing={remove.isPending ? (remove.variables ?? null) : null} />
      )}
      <ShowMore pages={query}>{i18n.t('Show more homes')}</ShowMore>
    </DashboardPage>
  );
}

function ListActions({ list }: { list: Wishlist }) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const share = useShareWishlist(list.id);
  const link = list.shareToken ? `${window.location.origin}${sharedWishlistPath(list.shareToken)}` : null;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(i18n.t('Link copied'));
    } catch {
      notify.error(i18n.t('Could not copy the link: select it and copy it yourself.'));
    }
  };
  const setSharing = (on: boolean) =>
    share.mutate(on, {
      onSuccess: (shared) => {
        if (shared.shareToken) void copy(`${window.location.origin}${sharedWishlistPath(shared.shareToken)}`);
        else notify.success(i18n.t('Sharing stopped: the link no longer opens this list'));
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => setDialog('rename')}>
          {i18n.t('Rename')}
        </Button>
        {link ? (
          <>
            <Button variant="outline" onClick={() => void copy(link)}>
              {i18n.t('Copy link')}
            </Button>
            <Button variant="outline" onClick={() => setSharing(false)} pending={share.isPending}>
              {i18n.t('Stop sharing')}
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => setSharing(true)} pending={share.isPending}>
            {i18n.t('Share')}
          </Button>
        )}
        <Button variant="subtle" onClick={() => setDialog('delete')}>
          {i18n.t('Delete')}
        </Button>
      </div>
      {link && (
        <TextField label={i18n.t('Private link (anyone with it can see this list, read-only)')} value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
      )}
      {dialog === 'rename' && <RenameDialog list={list} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog list={list} onClose={() => setDialog(null)} />}
    </div>
  );
}

function RenameDialog({ list, onClose }: { list: Wishlist; onClose: () => void }) {
  const update = useUpdateWishlist(list.id);
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = wishlistNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    update.mutate({ name: parsed.data }, { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) });
  };
  return (
    <Modal open onClose={onClose} title={i18n.t('Rename wishlist')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField label={i18n.t('Name')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={error} maxLength={50} />
        <CancelAndSubmit onCancel={onClose} pending={update.isPending}>
          {i18n.t('Save')}
        </CancelAndSubmit>
      </form>
    </Modal>
  );
}

function DeleteDialog({ list, onClose }: { list: Wishlist; onClose: () => void }) {
  const remove = useDeleteWishlist();
  const navigate = useNavigate();
  const confirm = () =>
    remove.mutate(list.id, {
      onSuccess: () => {
        notify.success(i18n.t('Deleted {name}', { name: list.name }));
        void navigate(APP_PATHS.wishlists, { replace: true });
      },
      onError: (error) => {
        notify.error(errorMessage(error));
        onClose();
      },
    });
  return (
    <ConfirmDialog
      title={i18n.t('Delete this wishlist?')}
      description={<p>{i18n.t('{name} and its {count, plural, one {# saved home} other {# saved homes}} go for good; the homes stay listed.', { name: list.name, count: list.count })}</p>}
      onClose={onClose}
      cancelLabel={i18n.t('Cancel')}
      confirmLabel={i18n.t('Delete')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
