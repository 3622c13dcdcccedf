import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

/** What a form's `Controller` hands the field it renders. */
interface Controlled<V extends FieldValues, N extends FieldPath<V>> {
  field: ControllerRenderProps<V, N>;
  fieldState: ControllerFieldState;
}

/** A form field's wiring for one of the product's field components: ref, name, value, handlers, and the error under it. */
export function controlledProps<V extends FieldValues, N extends FieldPath<V>>({ field, fieldState }: Controlled<V, N>) {
  const { ref, name, value, onChange, onBlur } = field;
  return { ref, name, value, onChange, onBlur, error: fieldState.error?.message };
}

/** The same for a text box kept as the text typed: a field with no value yet shows an empty box. */
export function controlledTextProps<V extends FieldValues, N extends FieldPath<V>>(controlled: Controlled<V, N>) {
  return {
    ...controlledProps(controlled),
    value: controlled.field.value ?? '',
    onChange: (event: { currentTarget: { value: string } }) => controlled.field.onChange(event.currentTarget.value),
  };
}
