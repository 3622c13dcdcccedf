import { earliestCheckIn } from '@staybook/domain/stays';
import { lastSearchCheckIn } from '@staybook/domain/search';
import { updateWishlistBodySchema, type WishlistStay } from '@staybook/domain/wishlists';
import { useState, type FormEvent } from 'react';
import { AlertText } from '../../../components/alert-text';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { errorMessage } from '../../../lib/form-errors';
import { useUpdateWishlist } from '../api/use-wishlists';
import { i18n } from '../../../lib/i18n';

/** The stay a list prices its homes for: check-in, check-out and guests, checked as the server checks them. */
export function StayForm({ listId, stay }: { listId: string; stay: WishlistStay | null }) {
  const update = useUpdateWishlist(listId);
  const [checkin, setCheckin] = useState(stay?.checkin ?? '');
  const [checkout, setCheckout] = useState(stay?.checkout ?? '');
  const [guests, setGuests] = useState(String(stay?.guests ?? 1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The dates a search would take; the schema says why any other is refused.
  const [firstCheckIn, lastCheckIn] = [earliestCheckIn(), lastSearchCheckIn()];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateWishlistBodySchema.safeParse({ checkin: checkin || null, checkout: checkout || null, guests: Number(guests) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, { onError: (failure) => setErrors({ form: errorMessage(failure) }) });
  };
  const clear = () => {
    setCheckin('');
    setCheckout('');
    setGuests('1');
    setErrors({});
    update.mutate({ checkin: null, checkout: null }, { onError: (failure) => setErrors({ form: errorMessage(failure) }) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={i18n.t('Stay dates')} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4">
      <p className="text-sm text-neutral-600">{i18n.t('Set dates to see whether each home is free and what the stay costs.')}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextField label={i18n.t('Check-in')} type="date" min={firstCheckIn} max={lastCheckIn} value={checkin} onChange={(e) => setCheckin(e.currentTarget.value)} error={errors.checkin} />
        <TextField label={i18n.t('Check-out')} type="date" min={firstCheckIn} value={checkout} onChange={(e) => setCheckout(e.currentTarget.value)} error={errors.checkout} />
        <TextField label={i18n.t('Guests')} type="number" min={1} value={guests} onChange={(e) => setGuests(e.currentTarget.value)} error={errors.guests} />
      </div>
      <AlertText className="text-sm text-rose-600">{errors.form}</AlertText>
      <div className="flex gap-3">
        <Button type="submit" pending={update.isPending}>
          {i18n.t('Show totals')}
        </Button>
        {stay && (
          <Button variant="subtle" onClick={clear} disabled={update.isPending}>
            {i18n.t('Clear dates')}
          </Button>
        )}
      </div>
    </form>
  );
}
