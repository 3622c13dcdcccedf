import { useId, type ComponentProps, type ReactNode } from 'react';
import { i18n } from '../lib/i18n';

/** How the product's text inputs look; fields with their own layout (the card form) start from it. */
export const INPUT_CLASS =
  'w-full rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2.5 text-neutral-900 placeholder:text-neutral-400 focus:border-rose-500 focus:outline-rose-500 aria-invalid:border-rose-600';

/** What every labelled field says besides its control. */
interface FieldText {
  label: string;
  /** Shown under the field and read with it (e.g. the password policy). */
  hint?: string;
  /** Shown instead of the hint when the value was rejected. */
  error?: string | undefined;
}

/** What ties a control to its label and to the note under it. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What every field component takes besides its control's own props. */
type FieldOwnProps = FieldText & { className?: string | undefined };

interface FieldProps extends FieldOwnProps {
  control: (props: ControlProps) => ReactNode;
}

/** A label above a control and a note under it (the hint, or the error when there is one), read with the control. */
function Field({ label, hint, error, className = '', control }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  // A field's message may come from the domain's schemas or the API, in English: its key in the page's catalog.
  const note = (error && i18n.known(error)) ?? hint;
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': note ? noteId : undefined })}
      {/* Always rendered, so a message appearing does not push the form down. */}
      <p id={noteId} className={`min-h-5 text-sm ${error ? 'text-rose-600' : 'text-neutral-500'}`}>
        {note}
      </p>
    </div>
  );
}

/** A field component's props split in two: what the label and note need, and what goes to its control. */
function splitField<P extends FieldOwnProps>({ label, hint, error, className, ...control }: P): [FieldOwnProps, Omit<P, keyof FieldOwnProps>] {
  return [{ label, hint, error, className }, control];
}

/** An input's props, `ref` included (a form library registers the field through it). */
export type TextFieldProps = FieldText & Omit<ComponentProps<'input'>, 'id'>;

export function TextField(props: TextFieldProps) {
  const [field, input] = splitField(props);
  return <Field {...field} control={(control) => <input {...control} className={INPUT_CLASS} {...input} />} />;
}

/** Several lines of text (a room's description); grows downwards when dragged. */
export function TextAreaField(props: FieldText & Omit<ComponentProps<'textarea'>, 'id'>) {
  const [field, textArea] = splitField(props);
  return <Field {...field} control={(control) => <textarea {...control} className={`${INPUT_CLASS} resize-y`} {...textArea} />} />;
}

/** A choice among a few options, given as `<option>` children. */
export function SelectField(props: FieldText & Omit<ComponentProps<'select'>, 'id'>) {
  const [field, select] = splitField(props);
  return <Field {...field} control={(control) => <select {...control} className={INPUT_CLASS} {...select} />} />;
}

/** The `<option>`s of a choice among known values, each shown by its label (the value itself without one). */
export function Options<T extends string | number>({ values, label = String }: { values: readonly T[]; label?: (value: T) => string }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/** A checkbox in the product's look; `invalid` marks it refused. The rest, `ref` included, goes to the input. */
export function Checkbox({ invalid, ...input }: { invalid?: boolean | undefined } & Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  return <input type="checkbox" className="size-4 accent-rose-600" aria-invalid={invalid ? true : undefined} {...input} />;
}

/** The list with `value` added (`on`, at the end) or removed: what a checkbox of a group makes of its ticking. */
export function toggled<T>(values: readonly T[], value: T, on: boolean): T[] {
  return on ? [...values, value] : values.filter((v) => v !== value);
}
