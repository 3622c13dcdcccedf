import { wishlistNameSchema } from '@staybook/domain/wishlists';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Checkbox, TextField } from '../../../components/fields';
import { Loader } from '../../../components/loader';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSavedLists } from '../api/saved-lists';
import { useWishlists } from '../api/use-wishlists';
import { addToWishlist, createWishlist, removeFromWishlist } from '../api/wishlists-api';
import { wishlistKeys } from '../api/wishlist-keys';
import { i18n } from '../../../lib/i18n';

/** Choosing the lists a home is on: a box per list, and a new list made with the home on it. */
export function SaveDialog({ roomId, title, onClose }: { roomId: string; title: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const lists = useWishlists();
  const saved = useSavedLists(roomId);
  const [pending, setPending] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const holding = new Set((saved.data ?? []).map((list) => list.id));

  const run = async (key: string, work: () => Promise<unknown>, done: string) => {
    setPending(key);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
      notify.success(done);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  const toggle = (list: { id: string; name: string }) =>
    holding.has(list.id)
      ? run(list.id, () => removeFromWishlist(list.id, roomId), i18n.t('Removed from {name}', { name: list.name }))
      : run(list.id, () => addToWishlist(list.id, roomId), i18n.t('Saved to {name}', { name: list.name }));

  const create = (event: FormEvent) => {
    event.preventDefault();
    const parsed = wishlistNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    void run(
      'new',
      async () => {
        const list = await createWishlist(parsed.data);
        await addToWishlist(list.id, roomId);
        setName('');
      },
      i18n.t('Saved to {name}', { name: parsed.data }),
    );
  };

  const all = lists.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Modal open onClose={onClose} title={i18n.t('Save to a wishlist')} description={title}>
      {lists.isPending || saved.isPending ? (
        <Loader size="short" />
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{i18n.t('Your wishlists')}</legend>
          {all.map((list) => (
            <label key={list.id} className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-neutral-100">
              <Checkbox checked={holding.has(list.id)} disabled={pending !== null} onChange={() => void toggle(list)} />
              <span className="font-medium text-neutral-900">{list.name}</span>
              <span className="ml-auto text-sm text-neutral-500">{list.count}</span>
            </label>
          ))}
          {lists.hasNextPage && (
            <Button variant="subtle" onClick={() => void lists.fetchNextPage()} pending={lists.isFetchingNextPage}>
              {i18n.t('Show more lists')}
            </Button>
          )}
        </fieldset>
      )}
      <form onSubmit={create} className="mt-6 flex flex-col gap-2 border-t border-neutral-200 pt-4" noValidate>
        <TextField label={i18n.t('New wishlist')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={nameError} maxLength={50} />
        <Button type="submit" variant="outline" pending={pending === 'new'}>
          {i18n.t('Create and save')}
        </Button>
      </form>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>{i18n.t('Done')}</Button>
      </div>
    </Modal>
  );
}
