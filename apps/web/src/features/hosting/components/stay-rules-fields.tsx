import { BOOKING_WINDOW_MONTHS, LISTING_RULE_LIMITS, WEEKDAY_NAMES, weekdaysOfMask } from '@staybook/domain/listing-rules';
import { amountStep, centsToDollars, currencySymbol } from '@staybook/domain/money';
import type { RoomInputValues } from '@staybook/domain/room-input';
import type { RoomSummary } from '@staybook/domain/rooms';
import { useId } from 'react';
import { useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Options, SelectField, TextField } from '../../../components/fields';
import type { RoomControl } from './room-text-fields';
import { i18n } from '../../../lib/i18n';

/** The rule fields' form values for a room (as the inputs hold them), or a new room's defaults. */
export function stayRulesValuesOf(rules: RoomSummary['rules'] | undefined): Partial<RoomInputValues> {
  if (!rules) {
    return {
      weekendPrice: '',
      cleaningFee: '',
      extraGuestFee: '',
      guestsIncluded: '1',
      weeklyDiscount: '0',
      monthlyDiscount: '0',
      taxRate: '',
      minNights: '1',
      maxNights: String(LISTING_RULE_LIMITS.maxNights),
      checkInDays: ['0', '1', '2', '3', '4', '5', '6'],
      checkOutDays: ['0', '1', '2', '3', '4', '5', '6'],
      noticeDays: '0',
      sameDayUntil: '',
      bookingWindowMonths: '',
      preparationNights: '0',
      instantBook: true,
    };
  }
  const dollars = (cents: number) => (cents === 0 ? '' : String(centsToDollars(cents)));
  return {
    weekendPrice: rules.weekendPriceCents === null ? '' : String(centsToDollars(rules.weekendPriceCents)),
    cleaningFee: dollars(rules.cleaningFeeCents),
    extraGuestFee: dollars(rules.extraGuestFeeCents),
    guestsIncluded: String(rules.guestsIncluded),
    weeklyDiscount: String(rules.weeklyDiscountPct),
    monthlyDiscount: String(rules.monthlyDiscountPct),
    taxRate: rules.taxRateBp === 0 ? '' : String(rules.taxRateBp / 100),
    minNights: String(rules.minNights),
    maxNights: String(rules.maxNights),
    checkInDays: weekdaysOfMask(rules.checkInDays).map(String),
    checkOutDays: weekdaysOfMask(rules.checkOutDays).map(String),
    noticeDays: String(rules.noticeDays),
    sameDayUntil: rules.sameDayUntil ?? '',
    bookingWindowMonths: rules.bookingWindowMonths === null ? '' : String(rules.bookingWindowMonths),
    preparationNights: String(rules.preparationNights),
    instantBook: rules.instantBook,
  };
}

/** The field names a server refusal may name in this section. */
export const STAY_RULE_FIELDS = [
  'weekendPrice',
  'cleaningFee',
  'extraGuestFee',
  'guestsIncluded',
  'weeklyDiscount',
  'monthlyDiscount',
  'taxRate',
  'minNights',
  'maxNights',
  'checkInDays',
  'checkOutDays',
  'noticeDays',
  'sameDayUntil',
  'bookingWindowMonths',
  'preparationNights',
  'instantBook',
] as const;

interface StayRulesFieldsProps {
  register: UseFormRegister<RoomInputValues>;
  control: RoomControl;
  errors: FieldErrors<RoomInputValues>;
}

const money = { type: 'number', inputMode: 'decimal', min: 0 } as const;
const whole = { type: 'number', inputMode: 'numeric', step: 1 } as const;

/** Which weekdays a stay may begin or end on: seven checkboxes, at least one. */
function WeekdaysField({ name, legend, register, error }: { name: 'checkInDays' | 'checkOutDays'; legend: string; register: StayRulesFieldsProps['register']; error?: string | undefined }) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-neutral-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {WEEKDAY_NAMES.map((day, index) => (
          <label key={day} className="flex items-center gap-1.5 text-sm text-neutral-800">
            <input type="checkbox" value={String(index)} {...register(name)} />
            {day.slice(0, 3)}
          </label>
        ))}
      </div>
      <p id={`${name}-error`} className="min-h-5 text-sm text-rose-600">
        {error}
      </p>
    </fieldset>
  );
}

/**
 * 'Pricing and stay rules': the listing's weekend price, fees, discounts and tax, and the stays it takes (nights,
 * weekdays, notice, how far ahead, preparation time). Each is checked as the server checks it
 * (packages/domain/src/listing-rules-input.ts); the calendar sets prices, minimum stays and blocks on chosen nights.
 */
export function StayRulesFields({ register, control, errors }: StayRulesFieldsProps) {
  const instantBookHint = useId();
  const noticeDays = useWatch({ control, name: 'noticeDays' });
  const sameDay = String(noticeDays ?? '0') === '0';
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-4">
      <legend className="px-1 text-base font-semibold text-neutral-900">{i18n.t('Pricing and stay rules')}</legend>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={i18n.t('Weekend price ({symbol})', { symbol: currencySymbol() })} hint={i18n.t("A night's price on Friday and Saturday nights. Optional.")} {...money} step={amountStep()} min={1} error={errors.weekendPrice?.message} {...register('weekendPrice')} />
        <TextField label={i18n.t('Cleaning fee ({symbol})', { symbol: currencySymbol() })} hint={i18n.t('Once per stay. Optional.')} {...money} step={amountStep()} error={errors.cleaningFee?.message} {...register('cleaningFee')} />
        <TextField label={i18n.t('Extra guest fee per night ({symbol})', { symbol: currencySymbol() })} hint={i18n.t('For each guest above those included.')} {...money} step={amountStep()} error={errors.extraGuestFee?.message} {...register('extraGuestFee')} />
        <TextField label={i18n.t('Guests included in the price')} {...whole} min={1} error={errors.guestsIncluded?.message} {...register('guestsIncluded')} />
        <TextField label={i18n.t('Weekly discount (%)')} hint={i18n.t('Stays of 7 nights or more.')} {...whole} min={0} max={LISTING_RULE_LIMITS.maxDiscountPct} error={errors.weeklyDiscount?.message} {...register('weeklyDiscount')} />
        <TextField label={i18n.t('Monthly discount (%)')} hint={i18n.t('Stays of 28 nights or more.')} {...whole} min={0} max={LISTING_RULE_LIMITS.maxDiscountPct} error={errors.monthlyDiscount?.message} {...register('monthlyDiscount')} />
        <TextField label={i18n.t('Occupancy tax (%)')} hint={i18n.t('On the nights and the fees. Optional.')} type="number" inputMode="decimal" min={0} max={30} step={0.01} error={errors.taxRate?.message} {...register('taxRate')} />
      </div>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={i18n.t('Minimum nights')} {...whole} min={1} max={LISTING_RULE_LIMITS.maxNights} error={errors.minNights?.message} {...register('minNights')} />
        <TextField label={i18n.t('Maximum nights')} {...whole} min={1} max={LISTING_RULE_LIMITS.maxNights} error={errors.maxNights?.message} {...register('maxNights')} />
        <SelectField label={i18n.t('Advance notice')} error={errors.noticeDays?.message} {...register('noticeDays')}>
          <option value="0">{i18n.t('Same day')}</option>
          <Options values={[1, 2, 3, 4, 5, 6, 7]} label={(days) => i18n.t('{count, plural, one {# day} other {# days}}', { count: days })} />
        </SelectField>
        {sameDay && (
          <TextField label={i18n.t('Same-day bookings until')} type="time" hint={i18n.t("The home's local time. Empty: all day.")} error={errors.sameDayUntil?.message} {...register('sameDayUntil')} />
        )}
        <SelectField label={i18n.t('Booking window')} hint={i18n.t('How far ahead a stay may start.')} error={errors.bookingWindowMonths?.message} {...register('bookingWindowMonths')}>
          <option value="">{i18n.t('Whole availability')}</option>
          <Options values={BOOKING_WINDOW_MONTHS} label={(months) => i18n.t('{count} months', { count: months })} />
        </SelectField>
        <SelectField label={i18n.t('Preparation time')} hint={i18n.t('Nights kept free before and after each stay.')} error={errors.preparationNights?.message} {...register('preparationNights')}>
          <option value="0">{i18n.t('None')}</option>
          <option value="1">{i18n.t('1 night')}</option>
          <option value="2">{i18n.t('2 nights')}</option>
        </SelectField>
      </div>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <WeekdaysField name="checkInDays" legend={i18n.t('Check-in days')} register={register} error={errors.checkInDays?.message} />
        <WeekdaysField name="checkOutDays" legend={i18n.t('Check-out days')} register={register} error={errors.checkOutDays?.message} />
      </div>
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm font-medium text-neutral-800">
          <input type="checkbox" aria-describedby={instantBookHint} {...register('instantBook')} />
          {i18n.t('Instant book')}
        </label>
        <p id={instantBookHint} className="text-sm text-neutral-500">
          {errors.instantBook?.message ??
            i18n.t('Guests book at once. Turn it off to review each request first: the guest’s card is held and you have 24 hours to accept or decline.')}
        </p>
      </div>
    </fieldset>
  );
}
