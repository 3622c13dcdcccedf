import { APP_PATHS, sharedWishlistPath } from '@staybook/domain/app-routes';
import { countOf } from '@staybook/domain/text';
import { wishlistNameSchema, type Wishlist, type WishlistRoom } from '@staybook/domain/wishlists';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
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
      onSuccess: () => notify.success(`Removed ${item.room.title} from ${list.name}`),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <DashboardPage title={list.name}>
      <p className="-mt-4 text-neutral-600">{countOf(list.count, 'home')}</p>
      <ListActions list={list} />
      {/* Keyed by the stay, so the fields start from the saved one after it changes. */}
      <StayForm key={JSON.stringify(list.stay)} listId={list.id} stay={list.stay} />
      {items.length === 0 ? (
        <p className="text-neutral-600">No homes on this list yet. Press the heart on a home to save it here.</p>
      ) : (
        <WishlistRooms items={items} stayGuests={list.stay?.guests} onRemove={removeRoom} removing={remove.isPending ? (remove.variables ?? null) : null} />
      )}
      <ShowMore pages={query}>Show more homes</ShowMore>
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
      notify.success('Link copied');
    } catch {
      notify.error('Could not copy the link: select it and copy it yourself.');
    }
  };
  const setSharing = (on: boolean) =>
    share.mutate(on, {
      onSuccess: (shared) => {
        if (shared.shareToken) void copy(`${window.location.origin}${sharedWishlistPath(shared.shareToken)}`);
        else notify.success('Sharing stopped: the link no longer opens this list');
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => setDialog('rename')}>
          Rename
        </Button>
        {link ? (
          <>
            <Button variant="outline" onClick={() => void copy(link)}>
              Copy link
            </Button>
            <Button variant="outline" onClick={() => setSharing(false)} pending={share.isPending}>
              Stop sharing
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => setSharing(true)} pending={share.isPending}>
            Share
          </Button>
        )}
        <Button variant="subtle" onClick={() => setDialog('delete')}>
          Delete
        </Button>
      </div>
      {link && (
        <TextField label="Private link (anyone with it can see this list, read-only)" value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
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
    <Modal open onClose={onClose} title="Rename wishlist">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={error} maxLength={50} />
        <div className="flex justify-end gap-3">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={update.isPending}>
            Save
          </Button>
        </div>
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
        notify.success(`Deleted ${list.name}`);
        void navigate(APP_PATHS.wishlists, { replace: true });
      },
      onError: (error) => {
        notify.error(errorMessage(error));
        onClose();
      },
    });
  return (
    <ConfirmDialog
      title="Delete this wishlist?"
      description={<p>{`${list.name} and its ${countOf(list.count, 'saved home')} go for good; the homes stay listed.`}</p>}
      onClose={onClose}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
