/** The shape of a zod issue that the forms need. */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message for each top-level field, for showing beside the inputs. */
export function toFieldErrors(issues: readonly Issue[]): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The message to show for anything an API call or upload threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** After a rejected submit, takes the keyboard (and screen reader) to the first field to fix. */
export function focusFirstInvalid(form: HTMLFormElement): void {
  // The error state renders on the next frame.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
