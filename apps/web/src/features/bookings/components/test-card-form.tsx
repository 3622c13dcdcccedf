import { CARD_ERROR_MESSAGES, cardBrand, cardBrandName, checkCardInput, formatCardNumber, TEST_SUCCESS_CARD, type CardErrorCode } from '@staybook/domain/cards';
import { useEffect, useId, useImperativeHandle, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { INPUT_CLASS } from '../../../components/fields';
import { errorMessage } from '../../../lib/form-errors';
import { confirmTestCard } from '../api/bookings-api';
import { formatExpiry, toCardInput } from '../utils/card-input';
import type { CardFormProps } from './card-payment';
import { i18n } from '../../../lib/i18n';

const CARD_INPUT_CLASS = `${INPUT_CLASS} tabular-nums disabled:opacity-60`;

type CardField = 'number' | 'expiry' | 'cvc';

/** Each card input's label, and the names a browser's card autofill knows it by. */
const CARD_FIELDS: Record<CardField, { label: string; name: string; autoComplete: string }> = {
  number: { label: /*i18n*/ 'Card number', name: 'cardnumber', autoComplete: 'cc-number' },
  expiry: { label: /*i18n*/ 'Expiry date', name: 'exp-date', autoComplete: 'cc-exp' },
  cvc: { label: /*i18n*/ 'CVC', name: 'cvc', autoComplete: 'cc-csc' },
};

/** The field to fix for a problem found before sending; a decline concerns the card, not a field. */
const FIELD_OF: Partial<Record<CardErrorCode, CardField>> = {
  invalid_number: 'number',
  incomplete_number: 'number',
  invalid_expiry: 'expiry',
  expiry_in_past: 'expiry',
  invalid_cvc: 'cvc',
};

/**
 * The built-in test processor's card form. It checks the card as Stripe's element would before
 * sending it, and sends it only to the processor's confirm endpoint.
 */
export function TestCardForm({ ref, onReadyChange, disabled, errorId, invalid }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [flagged, setFlagged] = useState<CardField | null>(null);
  const id = useId();
  const brand = cardBrand(number);
  const brandName = cardBrandName(brand);

  useEffect(() => onReadyChange(true), [onReadyChange]);

  useImperativeHandle(
    ref,
    () => ({
      async confirm(clientSecret) {
        const card = toCardInput(number, expiry, cvc);
        const problem = checkCardInput(card);
        setFlagged(problem ? (FIELD_OF[problem] ?? null) : null);
        if (problem) return { ok: false, message: i18n.known(CARD_ERROR_MESSAGES[problem]) };
        try {
          await confirmTestCard(clientSecret, card);
          return { ok: true };
        } catch (error) {
          return { ok: false, message: errorMessage(error) };
        }
      },
    }),
    [number, expiry, cvc],
  );

  // The message under the form is read with every field; the field it is about is marked.
  const fieldProps = (field: CardField) => ({
    id: `${id}-${field}`,
    ...CARD_FIELDS[field],
    'aria-invalid': (invalid && flagged === field) || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    className: CARD_INPUT_CLASS,
  });

  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="sr-only">{i18n.t('Card details')}</legend>
      <CardField
        {...fieldProps('number')}
        aside={
          // Announced with the field when it changes, as the brand logo in a card field is seen.
          <span aria-live="polite" className="text-xs font-semibold text-neutral-600">
            {brandName}
          </span>
        }
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(event) => setNumber(formatCardNumber(event.target.value))}
      />
      <div className="grid grid-cols-2 gap-3">
        <CardField
          {...fieldProps('expiry')}
          placeholder="MM / YY"
          value={expiry}
          onChange={(event) => setExpiry(formatExpiry(event.target.value))}
        />
        <CardField
          {...fieldProps('cvc')}
          placeholder={brand === 'amex' ? '1234' : '123'}
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
      <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
        <span className="font-semibold">{i18n.t('Test mode')}</span>
        {i18n.t(': no real card is charged. Pay with {card}, any future expiry date and any CVC.', { card: TEST_SUCCESS_CARD })}
      </p>
    </fieldset>
  );
}

type CardFieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; aside?: ReactNode };

/** One labelled card input; its message is the form's, shown under the whole form. */
function CardField({ id, label, aside, ...inputProps }: CardFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {i18n.t(label)}
        </label>
        {aside}
      </div>
      <input id={id} inputMode="numeric" {...inputProps} />
    </div>
  );
}
