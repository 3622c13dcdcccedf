import { HOUSE_RULES_MAX_LENGTH } from '@staybook/domain/amenities';
import { RoomTextField, type RoomControl } from './room-text-fields';

/** A time of day as a time input gives it (24-hour 'HH:MM' whatever the browser shows); empty is none. */
const TIME_HINT = 'Local time where the home is. Optional.';

/** The room form's check-in and check-out times and its optional house rules, kept as the text typed. */
export function HouseRulesField({ control }: { control: RoomControl }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <RoomTextField control={control} name="checkInTime" label="Check-in time" type="time" hint={TIME_HINT} />
        <RoomTextField control={control} name="checkOutTime" label="Check-out time" type="time" hint={TIME_HINT} />
      </div>
      <RoomTextField
        control={control}
        name="houseRules"
        label="House rules"
        hint="Optional. What guests should know: quiet hours, smoking, visitors…"
        rows={4}
        maxLength={HOUSE_RULES_MAX_LENGTH}
      />
    </div>
  );
}
