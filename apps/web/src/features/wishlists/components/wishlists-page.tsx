import { wishlistPath } from '@staybook/domain/app-routes';
import { imageAtWidth } from '@staybook/domain/images';
import { wishlistNameSchema } from '@staybook/domain/wishlists';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorScreen } from '../../../components/error-screen';
import { TextField } from '../../../components/fields';
import { Loader } from '../../../components/loader';
import { ShowMore } from '../../../components/show-more';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateWishlist, useWishlists } from '../api/use-wishlists';
import { i18n } from '../../../lib/i18n';

/** The person's wishlists, oldest first, and a form to make one. */
export function WishlistsPage() {
  const lists = useWishlists();
  if (lists.isPending) return <Loader />;
  if (!lists.data) return <ErrorScreen message={lists.error?.message} />;
  const all = lists.data.pages.flatMap((page) => page.items);
  return (
    <div className="flex flex-col gap-8">
      <NewWishlistForm />
      {all.length === 0 ? (
        <p className="text-neutral-600">{i18n.t('No wishlists yet. Press the heart on a home to save it to one.')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {all.map((list) => (
            <li key={list.id}>
              <Link to={wishlistPath(list.id)} className="group block rounded-xl outline-offset-4">
                <div className="aspect-[4/3] overflow-hidden rounded-xl bg-neutral-200">
                  {list.cover && <img src={imageAtWidth(list.cover, 640)} alt="" className="size-full object-cover transition group-hover:scale-105" />}
                </div>
                <p className="mt-2 font-semibold text-neutral-900">{list.name}</p>
                <p className="text-sm text-neutral-600">
                  {i18n.t('{count, plural, one {# home} other {# homes}}', { count: list.count })}
                  {list.shareToken ? ` · ${i18n.t('Shared')}` : ''}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ShowMore pages={lists}>{i18n.t('Show more wishlists')}</ShowMore>
    </div>
  );
}

function NewWishlistForm() {
  const create = useCreateWishlist();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = wishlistNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (list) => {
        setName('');
        notify.success(i18n.t('Made {name}', { name: list.name }));
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-2 sm:flex-row sm:items-start">
      <TextField label={i18n.t('New wishlist')} className="flex-1" value={name} onChange={(event) => setName(event.currentTarget.value)} error={error} maxLength={50} />
      <Button type="submit" className="sm:mt-7" pending={create.isPending}>
        {i18n.t('Create')}
      </Button>
    </form>
  );
}
