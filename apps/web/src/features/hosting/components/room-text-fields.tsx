import { HOUSE_RULES_MAX_LENGTH } from '@staybook/domain/amenities';
import { ADDRESS_MAX_LENGTH, ARRIVAL_INSTRUCTIONS_MAX_LENGTH, type RoomInput, type RoomInputValues } from '@staybook/domain/room-input';
import { Controller, type Control } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/fields';
import { controlledTextProps } from '../../../lib/controlled-field';
import { i18n } from '../../../lib/i18n';

/** The room form's control, as its field groups take it. */
export type RoomControl = Control<RoomInputValues, unknown, RoomInput>;

/** The room form's texts kept as typed: an empty box is none, never a value of its own. */
type TextName = 'checkInTime' | 'checkOutTime' | 'houseRules' | 'address' | 'arrivalInstructions';

/** A text's label, hint and limit; `rows`: a box of that many lines rather than a one-line field. */
type RoomText = { label: string; hint: string; rows?: number; type?: 'time'; maxLength?: number; autoComplete?: string };

/**
 * Written when the form is drawn, in the page's language. The times are as a time input gives them (24-hour 'HH:MM'
 * whatever the browser shows), empty for none; the address and the arrival instructions are shown to a guest only
 * once their stay is confirmed (docs/decisions/051-where-a-home-is.md).
 */
const roomTexts = (): Record<TextName, RoomText> => ({
  checkInTime: { label: i18n.t('Check-in time'), hint: i18n.t('Local time where the home is. Optional.'), type: 'time' },
  checkOutTime: { label: i18n.t('Check-out time'), hint: i18n.t('Local time where the home is. Optional.'), type: 'time' },
  houseRules: { label: i18n.t('House rules'), hint: i18n.t('Optional. What guests should know: quiet hours, smoking, visitors…'), rows: 4, maxLength: HOUSE_RULES_MAX_LENGTH },
  address: { label: i18n.t('Address'), hint: i18n.t('Street and number. Shown to guests once their stay is confirmed.'), autoComplete: 'off', maxLength: ADDRESS_MAX_LENGTH },
  arrivalInstructions: { label: i18n.t('Arrival instructions'), hint: i18n.t('How to get in: keys, door codes, parking. Shown to guests once their stay is confirmed.'), rows: 3, maxLength: ARRIVAL_INSTRUCTIONS_MAX_LENGTH },
});

/** One of the room form's texts kept as typed, with its label, hint and the error under it. */
export function RoomTextField({ control, name }: { control: RoomControl; name: TextName }) {
  const { rows, ...field } = roomTexts()[name];
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
