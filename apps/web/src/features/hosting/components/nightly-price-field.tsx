import { amountStep, currencySymbol } from '@staybook/domain/money';
import type { RoomInputValues } from '@staybook/domain/room-input';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/fields';
import { i18n } from '../../../lib/i18n';

/** The room's price per night, in the room form and on the Pricing and availability page. */
export function NightlyPriceField({
  register,
  errors,
  hint,
}: {
  register: UseFormRegister<RoomInputValues>;
  errors: FieldErrors<RoomInputValues>;
  hint?: string;
}) {
  return (
    <TextField
      label={i18n.t('Price per night ({symbol})', { symbol: currencySymbol() })}
      type="number"
      inputMode="decimal"
      min={1}
      step={amountStep()}
      required
      hint={hint}
      error={errors.price?.message}
      {...register('price')}
    />
  );
}
