import { HOUSE_RULES_MAX_LENGTH } from '@staybook/domain/amenities';
import { ADDRESS_MAX_LENGTH, ARRIVAL_INSTRUCTIONS_MAX_LENGTH, type RoomInput, type RoomInputValues } from '@staybook/domain/room-input';
import { Controller, type Control } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/fields';
import { controlledTextProps } from '../../../lib/controlled-field';

/** The room form's control, as its field groups take it. */
export type RoomControl = Control<RoomInputValues, unknown, RoomInput>;

/** A time of day as a time input gives it (24-hour 'HH:MM' whatever the browser shows); empty is none. */
const TIME_HINT = 'Local time where the home is. Optional.';
/** Shown to a guest only once their stay is confirmed (docs/decisions/051-where-a-home-is.md). */
const ONCE_CONFIRMED = 'Shown to guests once their stay is confirmed.';

/** The room form's texts kept as typed: an empty box is none, never a value of its own. */
type TextName = 'checkInTime' | 'checkOutTime' | 'houseRules' | 'address' | 'arrivalInstructions';

/** A text's label, hint and limit; `rows`: a box of that many lines rather than a one-line field. */
type RoomText = { label: string; hint: string; rows?: number; type?: 'time'; maxLength?: number; autoComplete?: string };

const ROOM_TEXTS: Record<TextName, RoomText> = {
  checkInTime: { label: 'Check-in time', hint: TIME_HINT, type: 'time' },
  checkOutTime: { label: 'Check-out time', hint: TIME_HINT, type: 'time' },
  houseRules: { label: 'House rules', hint: 'Optional. What guests should know: quiet hours, smoking, visitors…', rows: 4, maxLength: HOUSE_RULES_MAX_LENGTH },
  address: { label: 'Address', hint: `Street and number. ${ONCE_CONFIRMED}`, autoComplete: 'off', maxLength: ADDRESS_MAX_LENGTH },
  arrivalInstructions: { label: 'Arrival instructions', hint: `How to get in: keys, door codes, parking. ${ONCE_CONFIRMED}`, rows: 3, maxLength: ARRIVAL_INSTRUCTIONS_MAX_LENGTH },
};

/** One of the room form's texts kept as typed, with its label, hint and the error under it. */
export function RoomTextField({ control, name }: { control: RoomControl; name: TextName }) {
  const { rows, ...field } = ROOM_TEXTS[name];
  return (
    <Controller
      name={name}
      control={control}
      render={(controlled) =>
        rows ? <TextAreaField rows={rows} {...field} {...controlledTextProps(controlled)} /> : <TextField {...field} {...controlledTextProps(controlled)} />
      }
    />
  );
}
