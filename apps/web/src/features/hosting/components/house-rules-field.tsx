import { HOUSE_RULES_MAX_LENGTH } from '@staybook/domain/amenities';
import type { RoomInput, RoomInputValues } from '@staybook/domain/room-input';
import { Controller, type Control } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/fields';
import { controlledTextProps } from '../../../lib/controlled-field';

type RoomControl = Control<RoomInputValues, unknown, RoomInput>;

/** A time of day as a time input gives it (24-hour 'HH:MM' whatever the browser shows); empty is none. */
function TimeField({ control, name, label }: { control: RoomControl; name: 'checkInTime' | 'checkOutTime'; label: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={(controlled) => (
        <TextField label={label} type="time" hint="Local time where the home is. Optional." {...controlledTextProps(controlled)} />
      )}
    />
  );
}

/** The room form's check-in and check-out times and its optional house rules, kept as the text typed. */
export function HouseRulesField({ control }: { control: RoomControl }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TimeField control={control} name="checkInTime" label="Check-in time" />
        <TimeField control={control} name="checkOutTime" label="Check-out time" />
      </div>
      <Controller
        name="houseRules"
        control={control}
        render={(controlled) => (
          <TextAreaField
            label="House rules"
            hint="Optional. What guests should know: quiet hours, smoking, visitors…"
            rows={4}
            maxLength={HOUSE_RULES_MAX_LENGTH}
            {...controlledTextProps(controlled)}
          />
        )}
      />
    </div>
  );
}
