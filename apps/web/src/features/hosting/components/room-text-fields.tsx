import type { RoomInput, RoomInputValues } from '@staybook/domain/room-input';
import { Controller, type Control } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/fields';
import { controlledTextProps } from '../../../lib/controlled-field';

/** The room form's control, as its field groups take it. */
export type RoomControl = Control<RoomInputValues, unknown, RoomInput>;

/** The room form's texts kept as typed: an empty box is none, never a value of its own. */
type TextName = 'checkInTime' | 'checkOutTime' | 'houseRules' | 'address' | 'arrivalInstructions';

interface RoomTextFieldProps {
  control: RoomControl;
  name: TextName;
  label: string;
  hint: string;
  /** A box of this many lines; a one-line field without it. */
  rows?: number;
  type?: 'text' | 'time';
  maxLength?: number;
  autoComplete?: string;
}

/** One of the room form's texts kept as typed, with its label, hint and the error under it. */
export function RoomTextField({ control, name, rows, ...field }: RoomTextFieldProps) {
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
