import { zodResolver } from '@hookform/resolvers/zod';
import { bankAccountInputSchema, TEST_BANK_ACCOUNT_OUTCOMES, TEST_ROUTING_NUMBER, type BankAccountInput } from '@staybook/domain/payouts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { FormActions, SubmitButton } from '../../../components/form-actions';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { notify } from '../../../lib/notify';
import { sendForm } from '../../../lib/send-form';
import { useSaveBankAccount } from '../api/use-save-bank-account';
import { i18n } from '../../../lib/i18n';

/** The fields a server refusal may name. */
const BANK_FIELDS = ['holderName', 'routingNumber', 'accountNumber'] as const;

const testAccounts = Object.entries(TEST_BANK_ACCOUNT_OUTCOMES);
/** One of Stripe's test account numbers whose payouts are paid, and one whose payouts fail, as the domain lists them. */
const SUCCEEDS = testAccounts.find(([, outcome]) => outcome === 'paid')?.[0];
const FAILS = testAccounts.find(([, outcome]) => outcome !== 'paid')?.[0];

const digits = { inputMode: 'numeric', autoComplete: 'off', spellCheck: false } as const;

/** Marks where a number goes in the translated hint, so the hint can set it in bold. */
const MARK = '\u0001';
const HINT_NUMBERS: Record<string, string | undefined> = { routing: TEST_ROUTING_NUMBER, succeeds: SUCCEEDS, fails: FAILS };

/** Which test numbers to type, in the page's language, each number in bold. */
function TestModeHint() {
  const marked = i18n.t('Test mode: use the routing number {routing} and the account number {succeeds} (payouts succeed) or {fails} (payouts fail). No money moves.', {
    routing: `${MARK}routing${MARK}`,
    succeeds: `${MARK}succeeds${MARK}`,
    fails: `${MARK}fails${MARK}`,
  });
  // The pieces alternate: text, a number's name, text…
  return marked.split(MARK).map((piece, index) =>
    index % 2 === 1 ? (
      <strong key={index} className="font-semibold">
        {HINT_NUMBERS[piece]}
      </strong>
    ) : (
      piece
    ),
  );
}

/**
 * The bank account a host is paid to, checked as the server checks it (Stripe's test mode: the test routing number and
 * its test account numbers). `onCancel`, when given, offers to keep the account in force.
 */
export function BankAccountForm({ holderName = '', onSaved, onCancel }: { holderName?: string; onSaved?: () => void; onCancel?: () => void }) {
  const save = useSaveBankAccount();
  const { register, handleSubmit, setError, formState } = useForm<BankAccountInput>({
    resolver: zodResolver(bankAccountInputSchema),
    defaultValues: { holderName, routingNumber: '', accountNumber: '' },
    shouldFocusError: false,
  });
  const { errors, submitCount } = formState;
  const formRef = useFocusFirstInvalid(submitCount);

  const submit = handleSubmit(async (input) => {
    // A refusal shows under its field, or as a toast; what was typed stays either way.
    if ((await sendForm(() => save.mutateAsync(input), setError, BANK_FIELDS)) !== 'sent') return;
    notify.success(i18n.t('Bank account saved'));
    onSaved?.();
  });

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex max-w-xl flex-col gap-2">
      <p className="mb-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <TestModeHint />
      </p>
      <TextField label={i18n.t('Account holder name')} autoComplete="name" error={errors.holderName?.message} {...register('holderName')} />
      <TextField label={i18n.t('Routing number')} {...digits} error={errors.routingNumber?.message} {...register('routingNumber')} />
      <TextField label={i18n.t('Account number')} {...digits} error={errors.accountNumber?.message} {...register('accountNumber')} />
      <FormActions>
        {onCancel && (
          <Button variant="subtle" onClick={onCancel} disabled={save.isPending}>
            {i18n.t('Cancel')}
          </Button>
        )}
        <SubmitButton pending={save.isPending}>{i18n.t('Save bank account')}</SubmitButton>
      </FormActions>
    </form>
  );
}
