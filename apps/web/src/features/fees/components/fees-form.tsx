import { zodResolver } from '@hookform/resolvers/zod';
import {
  MARKETPLACE_FEE_LIMITS,
  marketplaceFeesInputSchema,
  type MarketplaceFeeRates,
  type MarketplaceFeesInput,
} from '@staybook/domain/marketplace-fees';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions, SubmitButton } from '../../../components/form-actions';
import { TextField } from '../../../components/fields';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { sendForm } from '../../../lib/send-form';
import { percentOf } from '../api/fees-api';
import { useUpdateMarketplaceFees } from '../api/use-update-marketplace-fees';

/** The checked form: each rate in basis points. */
type CheckedFees = z.output<typeof marketplaceFeesInputSchema>;

/** The two rates' fields, in order; a server refusal may name either. */
const FEE_FIELDS = ['guestFeePercent', 'hostCommissionPercent'] as const;

/** Each rate's field, its label and hint in the page's language. */
const fields = () =>
  [
    { name: 'guestFeePercent', label: i18n.t('Guest service fee (%)'), hint: i18n.t("Added to each stay's price. From 0 to 25, with at most two decimals.") },
    { name: 'hostCommissionPercent', label: i18n.t('Host commission (%)'), hint: i18n.t("Taken from the host's share. From 0 to 25, with at most two decimals.") },
  ] as const;

const percent = { type: 'number', inputMode: 'decimal', min: 0, max: MARKETPLACE_FEE_LIMITS.maxBp / 100, step: 0.01 } as const;

function valuesOf(rates: MarketplaceFeeRates): MarketplaceFeesInput {
  return { guestFeePercent: percentOf(rates.guestFeeBp), hostCommissionPercent: percentOf(rates.hostCommissionBp) };
}

/** The two rates, prefilled with those in force, checked as the server checks them. */
export function FeesForm({ current }: { current: MarketplaceFeeRates }) {
  const update = useUpdateMarketplaceFees();
  const { register, handleSubmit, setError, reset, formState } = useForm<MarketplaceFeesInput, unknown, CheckedFees>({
    resolver: zodResolver(marketplaceFeesInputSchema),
    defaultValues: valuesOf(current),
    shouldFocusError: false,
  });
  const { errors, submitCount } = formState;
  const formRef = useFocusFirstInvalid(submitCount);

  const save = handleSubmit(async ({ guestFeePercent, hostCommissionPercent }) => {
    const saving = update.mutateAsync({ guestFeeBp: guestFeePercent, hostCommissionBp: hostCommissionPercent });
    // A refusal shows under its field, or as a toast; what was typed stays either way.
    if ((await sendForm(() => saving, setError, FEE_FIELDS)) !== 'sent') return;
    const answer = await saving;
    reset(valuesOf(answer.current));
    notify.success(i18n.t('Fees saved'));
  });

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
        {fields().map(({ name, label, hint }) => (
          <TextField key={name} label={label} hint={hint} {...percent} error={errors[name]?.message} {...register(name)} />
        ))}
      </div>
      <FormActions>
        <SubmitButton pending={update.isPending}>{i18n.t('Save fees')}</SubmitButton>
      </FormActions>
    </form>
  );
}
