import { useId, type ChangeEvent, type Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface ImageFieldProps {
  label: string;
  name: string;
  required?: boolean;
  error?: string | undefined;
  onChange: (file: File | null) => void;
  /** The input, for a form library to focus when the field needs fixing. */
  ref?: Ref<HTMLInputElement>;
  /**
   * Shown on the picker button instead of the browser's own file name (which cannot be shortened): the
   * chosen file's name, shortened, or what to do.
   */
  buttonLabel?: string;
}

/** A file input for one image (accept="image/*"); the file stays chosen while the form re-renders. */
export function ImageField({ label, name, required = false, error, onChange, ref, buttonLabel }: ImageFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.files?.[0] ?? null);
  return (
    <div className="flex flex-col gap-2">
      <label id={labelId} htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        type="file"
        accept="image/*"
        required={required}
        aria-labelledby={buttonLabel === undefined ? undefined : labelId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={handleChange}
        className={
          buttonLabel === undefined
            ? 'w-full rounded-md border border-neutral-300 bg-neutral-50 text-sm text-neutral-700 file:mr-3 file:cursor-pointer file:border-0 file:bg-rose-600 file:px-4 file:py-2.5 file:font-semibold file:text-white hover:file:bg-rose-700'
            : 'peer sr-only'
        }
      />
      {buttonLabel !== undefined && (
        // The input keeps the keyboard focus and the name; this is what the eye sees of it.
        <label
          htmlFor={id}
          aria-hidden="true"
          className="cursor-pointer self-start rounded-md bg-rose-600 px-4 py-2.5 text-sm font-semibold text-white transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-600 hover:bg-rose-700"
        >
          {buttonLabel}
        </label>
      )}
      <p id={errorId} className="min-h-5 text-sm text-rose-600">
        {error}
      </p>
    </div>
  );
}

/**
 * An ImageField bound to a react-hook-form field holding the chosen File: the form's rules check it with the
 * others, and the form focuses it when it needs fixing. `onFile` sees each choice first (a preview, say).
 */
export function ImageFormField<T extends FieldValues>({
  control,
  name,
  onFile,
  ...props
}: Omit<ImageFieldProps, 'name' | 'onChange' | 'error' | 'ref'> & {
  control: Control<T>;
  name: FieldPath<T>;
  onFile?: (file: File | null) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  const { ref: inputRef, onChange } = field;
  return (
    <ImageField
      {...props}
      ref={inputRef}
      name={name}
      onChange={(file) => {
        onFile?.(file);
        onChange(file);
      }}
      error={fieldState.error?.message}
    />
  );
}
