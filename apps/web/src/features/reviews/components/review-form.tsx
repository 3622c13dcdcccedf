import { zodResolver } from '@hookform/resolvers/zod';
import {
  guestReviewBodySchema,
  hostReviewBodySchema,
  REVIEW_CATEGORIES,
  REVIEW_CATEGORY_LABELS,
  type GuestReviewBody,
  type HostReviewBody,
  type ReviewSide,
} from '@staybook/domain/reviews';
import { useState, type BaseSyntheticEvent, type ReactNode, type RefObject } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { ActionProblem } from '../../../components/alert-text';
import { Button } from '../../../components/button';
import { RestoredDraftNotice } from '../../drafts/components/draft-notice';
import { LeaveGuard, useLeaveQuestion } from '../../../components/leave-guard';
import { TextAreaField } from '../../../components/fields';
import { useFormDraft } from '../../drafts/hooks/use-draft';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { errorMessage } from '../../../lib/form-errors';
import { showServerFieldErrors } from '../../../lib/send-form';
import { reviewCountNote } from '../utils/review-text';
import { StarInput } from './star-input';
import { i18n } from '../../../lib/i18n';

type ReviewBody = GuestReviewBody | HostReviewBody;

interface ReviewFormProps {
  /** The viewer's side of the stay, as the server said: the guest rates the stay, the host the guest. */
  side: ReviewSide;
  /** Sends the review; a refusal it throws is shown under its field, or above the button. */
  onSubmit: (body: ReviewBody) => Promise<unknown>;
  /** Names the draft kept as the review is written ('review:<booking id>'); none without it. */
  draft?: string | undefined;
}

/**
 * The review of a stay: the guest's stars (overall and the six categories) or the host's, and the text. With
 * `draft`, what is written is kept in the browser until it is sent, and leaving the page asks first.
 */
export function ReviewForm({ side, onSubmit, draft }: ReviewFormProps) {
  // 'Discard' starts a fresh form.
  const [generation, setGeneration] = useState(0);
  const props = { onSubmit, draft: draft ?? null, onDiscard: () => setGeneration((g) => g + 1) };
  return side === 'guest' ? <GuestReviewForm key={generation} {...props} /> : <HostReviewForm key={generation} {...props} />;
}

type FormProps = Pick<ReviewFormProps, 'onSubmit'> & { draft: string | null; onDiscard: () => void };

/** The text starts empty; no stars until the person picks some. */
const EMPTY = { body: '' };

/** Either side's form: starts empty, and after a submit focus goes to the first field to fix in the page's order. */
const FORM_OPTIONS = { defaultValues: EMPTY, shouldFocusError: false };

const GUEST_FIELDS = ['rating', ...REVIEW_CATEGORIES, 'body'] as const;
const HOST_FIELDS = ['rating', 'body'] as const;

function GuestReviewForm({ onSubmit, draft, onDiscard }: FormProps) {
  const form = useForm<GuestReviewBody>({ resolver: zodResolver(guestReviewBodySchema), ...FORM_OPTIONS });
  const sending = useSubmit(form, onSubmit, GUEST_FIELDS, draft, onDiscard);
  return (
    <ReviewFormFrame sending={sending} control={form.control} body={form.register('body')} bodyError={form.formState.errors.body?.message}>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-lg font-semibold text-neutral-900">{i18n.t('Rate your stay')}</legend>
        <StarField control={form.control} name="rating" label={i18n.t('Overall rating')} />
        {REVIEW_CATEGORIES.map((category) => (
          <StarField key={category} control={form.control} name={category} label={i18n.t(REVIEW_CATEGORY_LABELS[category])} />
        ))}
      </fieldset>
    </ReviewFormFrame>
  );
}

function HostReviewForm({ onSubmit, draft, onDiscard }: FormProps) {
  const form = useForm<HostReviewBody>({ resolver: zodResolver(hostReviewBodySchema), ...FORM_OPTIONS });
  const sending = useSubmit(form, onSubmit, HOST_FIELDS, draft, onDiscard);
  return (
    <ReviewFormFrame sending={sending} control={form.control} body={form.register('body')} bodyError={form.formState.errors.body?.message}>
      <StarField control={form.control} name="rating" label={i18n.t('Rate your guest')} />
    </ReviewFormFrame>
  );
}

/** What `useSubmit` hands the form around the stars. */
interface Sending {
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  /** A refusal not about one field, shown above the button. */
  problem: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  /** The leave guard and the 'Draft restored' notice. */
  drafting: ReactNode;
}

interface ReviewFormFrameProps<V extends { body: string }> {
  sending: Sending;
  control: Control<V, unknown, ReviewBody>;
  /** The review's text, as the form registered it, and its error. */
  body: UseFormRegisterReturn<'body'>;
  bodyError: string | undefined;
  /** The stars. */
  children: ReactNode;
}

/** Either side's review form: the draft's notice, the stars, the text, and the submit row. */
function ReviewFormFrame<V extends { body: string }>({ sending, control, body, bodyError, children }: ReviewFormFrameProps<V>) {
  const { formRef, submit, drafting, problem, pending } = sending;
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6">
      {drafting}
      {children}
      <ReviewTextField control={control} registration={body} error={bodyError} />
      <SubmitRow problem={problem} pending={pending} />
    </form>
  );
}

type FormOf<V extends FieldValues, B> = ReturnType<typeof useForm<V, unknown, B>>;

/**
 * Sends the valid review; puts the server's refusal of a field under it, and any other refusal above the button.
 * Keeps the draft as it is written (and forgets it once sent), and asks before the page is left with it unsent.
 */
function useSubmit<V extends FieldValues, B extends ReviewBody>(
  form: FormOf<V, B>,
  onSubmit: (body: B) => Promise<unknown>,
  fields: readonly FieldPath<V>[],
  draftName: string | null,
  onDiscard: () => void,
): Sending {
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useFocusFirstInvalid(form.formState.submitCount);
  const [initialValues] = useState(() => EMPTY as unknown as V);
  const draft = useFormDraft(form, draftName, initialValues);
  const leaving = useLeaveQuestion(form.formState.isDirty);
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await onSubmit(body);
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, fields)) setProblem(errorMessage(error));
      return;
    }
    leaving.settle();
    draft.clear();
  });
  const drafting = (
    <>
      {draftName && <LeaveGuard active={leaving.active} />}
      <RestoredDraftNotice draft={draft} onDiscard={onDiscard} />
    </>
  );
  return { submit, pending: form.formState.isSubmitting, problem, formRef, drafting };
}

function StarField<V extends FieldValues>({ control, name, label }: { control: Control<V, unknown, ReviewBody>; name: FieldPath<V>; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <StarInput
          label={label}
          name={field.name}
          value={field.value as number | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function ReviewTextField<V extends { body: string }>({
  control,
  registration,
  error,
}: {
  control: Control<V, unknown, ReviewBody>;
  registration: UseFormRegisterReturn<'body'>;
  error: string | undefined;
}) {
  const text = useWatch({ control: control as unknown as Control<{ body: string }>, name: 'body' });
  return <TextAreaField label={i18n.t('Your review')} rows={8} required hint={reviewCountNote(text)} error={error} {...registration} />;
}

function SubmitRow({ problem, pending }: { problem: string | null; pending: boolean }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <ActionProblem>{problem}</ActionProblem>
      <Button type="submit" pending={pending}>
        {i18n.t('Submit review')}
      </Button>
    </div>
  );
}
