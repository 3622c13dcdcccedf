import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_CANCELLATION_POLICY } from '@staybook/domain/cancellation';
import { ROOM_LIMITS, roomInputSchemaFor, type RoomInput, type RoomInputValues } from '@staybook/domain/room-input';
import type { Room, RoomSummary } from '@staybook/domain/rooms';
import { useMemo, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormActions, SubmitButton } from '../../../components/form-actions';
import { RestoredDraftNotice } from '../../drafts/components/draft-notice';
import { LeaveGuard, useCloseTabQuestion, useLeaveQuestion } from '../../../components/leave-guard';
import { useFormDraft } from '../../drafts/hooks/use-draft';
import { TextAreaField, TextField } from '../../../components/fields';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { controlledProps } from '../../../lib/controlled-field';
import { sendForm } from '../../../lib/send-form';
import { useRoomPhotos } from '../hooks/use-room-photos';
import { AmenitiesField } from './amenities-field';
import { AvailabilityField } from './availability-field';
import { CancellationPolicyField } from './cancellation-policy-field';
import { CategoryPicker } from './category-picker';
import { HouseRulesField } from './house-rules-field';
import { LocationFields } from './location-fields';
import { NightlyPriceField } from './nightly-price-field';
import { roomFormValuesOf } from './room-form-values';
import { RoomPhotoField } from './room-photo-field';
import { STAY_RULE_FIELDS, StayRulesFields } from './stay-rules-fields';
import { TimeZoneField } from './time-zone-field';
import { i18n } from '../../../lib/i18n';

interface RoomFormProps {
  /** The room being updated (from its page or My Listings); without it, the form adds a new one. */
  room?: RoomSummary | Room | undefined;
  submitLabel: string;
  /** The save is on its way (the button shows a spinner). */
  saving: boolean;
  /**
   * Saves the checked room. A refusal rejects: the form shows the server's message under each field it names,
   * or as a toast, and keeps what was typed.
   */
  onSave: (input: RoomInput) => Promise<unknown>;
  /** Shown as a Cancel button when given (the Update dialog). */
  onCancel?: () => void;
  /** A new room's zone until the host picks another: the server's (`GET /api/config`). */
  defaultTimeZone?: string | undefined;
  /** Names the draft kept of this form as the host types ('add-room'); none without it. */
  draft?: string | undefined;
  /** Runs once the save succeeded and the draft is gone (Add Room goes on to My Listings). */
  onSaved?: () => void;
  /** Asks before the host leaves with changes not saved (a page's form; a dialog has its own Cancel). */
  guardLeaving?: boolean;
}

/** The fields a server refusal may name (the API's names for them are the form's). */
const ROOM_FIELDS = ['title', 'location', 'latitude', 'longitude', 'address', 'arrivalInstructions', 'category', 'from', 'to', 'price', 'guests', 'bedrooms', 'bathrooms', 'description', 'photos', 'image', 'timeZone', 'cancellationPolicy', 'amenities', 'checkInTime', 'checkOutTime', 'houseRules', ...STAY_RULE_FIELDS] as const;

/**
 * Add Room and Update Room Info: the spec's fields, checked with the same rules as the server
 * (`roomInputSchemaFor`). A chosen photo is uploaded at once, so saving sends its stored URL. With `draft`, what
 * the host types (uploaded photos included) is kept as they type and restored when they come back
 * (features/drafts/hooks/use-draft.ts); 'Discard' starts the form afresh.
 */
export function RoomForm(props: RoomFormProps) {
  // A new generation is a fresh form: its photos and fields as the room (or nothing) has them.
  const [generation, setGeneration] = useState(0);
  return <RoomFormFields key={generation} {...props} onDiscard={() => setGeneration((g) => g + 1)} />;
}

function RoomFormFields({
  room,
  submitLabel,
  saving,
  onSave,
  onCancel,
  defaultTimeZone = 'UTC',
  draft: draftName,
  onSaved,
  guardLeaving = false,
  onDiscard,
}: RoomFormProps & { onDiscard: () => void }) {
  const [initialValues] = useState(() => roomFormValuesOf(room, defaultTimeZone) as RoomInputValues);
  const zone = room?.timeZone ?? defaultTimeZone;
  // Availability starts today or later where the room is (the zone chosen in the form).
  const schema = useMemo(() => roomInputSchemaFor(room ? { keep: room, timeZone: zone } : { timeZone: zone }), [room, zone]);
  const zonesToOffer = useMemo(() => [zone], [zone]);
  const { register, control, handleSubmit, setValue, setError, clearErrors, formState, reset, subscribe } = useForm<RoomInputValues, unknown, RoomInput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues,
    shouldFocusError: false,
  });
  const { errors, isSubmitted, isDirty } = formState;
  const draft = useFormDraft({ reset, subscribe }, draftName ?? null, initialValues);
  const leaving = useLeaveQuestion(isDirty);
  // A dialog's form (Update Room Info) asks only when the tab is closed: its Cancel is the way out in the app.
  useCloseTabQuestion(() => !guardLeaving && leaving.active());

  const photos = useRoomPhotos(draft.restored?.photos ?? room?.photos ?? [], (urls) =>
    setValue('photos', urls, { shouldValidate: isSubmitted, shouldDirty: true }),
  );

  // Choosing photos answers 'Please upload at least one photo' (or 'wait for the uploads') at once.
  const photosClearingError = {
    ...photos,
    add: (files: readonly File[]) => {
      clearErrors('photos');
      photos.add(files);
    },
  };

  const formRef = useFocusFirstInvalid(formState.submitCount);
  const save = handleSubmit(async (input) => {
    if ((await sendForm(() => onSave(input), setError, ROOM_FIELDS)) !== 'sent') return;
    leaving.settle();
    draft.clear();
    onSaved?.();
  });
  // Photos still on their way, or refused, are the host's to wait for or remove: saving says so, losing nothing.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const waiting = photos.uploading
      ? i18n.t('Please wait until every photo has finished uploading')
      : photos.failed
        ? i18n.t('Please remove the photos that could not be uploaded')
        : null;
    if (!waiting) {
      clearErrors('photos');
      return save(event);
    }
    event.preventDefault();
    setError('photos', { type: 'uploads', message: waiting }, { shouldFocus: true });
    return Promise.resolve();
  };

  const numberField = { type: 'number', inputMode: 'numeric', min: 1, step: 1 } as const;

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {guardLeaving && <LeaveGuard active={leaving.active} />}
      <RestoredDraftNotice draft={draft} onDiscard={onDiscard} />
      <div className="grid grid-cols-1 gap-x-8 gap-y-2 lg:grid-cols-2">
        <div className="flex flex-col gap-2">
          <LocationFields control={control} register={register} setValue={setValue} errors={errors} />
          <Controller
            name="category"
            control={control}
            render={(controlled) => <CategoryPicker {...controlledProps(controlled)} />}
          />
          <AvailabilityField control={control} keepStart={room?.from} />
          <Controller
            name="timeZone"
            control={control}
            render={(controlled) => (
              <TimeZoneField {...controlledProps(controlled)} value={controlled.field.value ?? zone} include={zonesToOffer} />
            )}
          />
        </div>
        <div className="flex flex-col gap-2">
          <TextField label={i18n.t('Title')} required maxLength={ROOM_LIMITS.maxTitleLength} error={errors.title?.message} {...register('title')} />
          <Controller
            name="photos"
            control={control}
            render={({ field, fieldState }) => (
              <RoomPhotoField ref={field.ref} photos={photosClearingError} error={fieldState.error?.message ?? errors.image?.message} />
            )}
          />
          <div className="grid grid-cols-2 gap-x-4">
            <NightlyPriceField register={register} errors={errors} />
            <TextField label={i18n.t('Total guests')} {...numberField} required error={errors.guests?.message} {...register('guests')} />
            <TextField label={i18n.t('Bedrooms')} {...numberField} required error={errors.bedrooms?.message} {...register('bedrooms')} />
            <TextField label={i18n.t('Bathrooms')} {...numberField} required error={errors.bathrooms?.message} {...register('bathrooms')} />
          </div>
          <TextAreaField label={i18n.t('Description')} rows={5} error={errors.description?.message} {...register('description')} />
          <Controller
            name="cancellationPolicy"
            control={control}
            render={(controlled) => (
              <CancellationPolicyField {...controlledProps(controlled)} value={controlled.field.value ?? DEFAULT_CANCELLATION_POLICY} />
            )}
          />
        </div>
      </div>
      <StayRulesFields register={register} control={control} errors={errors} />
      <AmenitiesField control={control} />
      <HouseRulesField control={control} />
      <FormActions>
        {onCancel && (
          <Button variant="subtle" onClick={onCancel}>
            {i18n.t('Cancel')}
          </Button>
        )}
        <SubmitButton pending={saving}>{submitLabel}</SubmitButton>
      </FormActions>
    </form>
  );
}
