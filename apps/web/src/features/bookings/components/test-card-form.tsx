import {
  CARD_ERROR_MESSAGES,
  cardBrand,
  checkCardInput,
  formatCardNumber,
  TEST_SUCCESS_CARD,
  type CardBrand,
  type CardErrorCode,
} from '@staybook/domain';
import { useEffect, useId, useImperativeHandle, useState } from 'react';
import { errorMessage } from '../../../lib/form-errors';
import { confirmTestCard } from '../api/bookings-api';
import { formatExpiry, toCardInput } from '../utils/card-input';
import type { CardFormProps } from './card-payment';

const BRAND_NAMES: Record<CardBrand, string | null> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: null,
};

const INPUT_CLASS =
  'w-full rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2.5 text-neutral-900 tabular-nums placeholder:text-neutral-400 focus:border-rose-500 focus:outline-rose-500 aria-invalid:border-rose-600 disabled:opacity-60';

type CardField = 'number' | 'expiry' | 'cvc';

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
  const brandName = BRAND_NAMES[brand];

  useEffect(() => onReadyChange(true), [onReadyChange]);

  useImperativeHandle(
    ref,
    () => ({
      async confirm(clientSecret) {
        const card = toCardInput(number, expiry, cvc);
        const problem = checkCardInput(card);
        setFlagged(problem ? (FIELD_OF[problem] ?? null) : null);
        if (problem) return { ok: false, message: CARD_ERROR_MESSAGES[problem] };
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
    'aria-invalid': (invalid && flagged === field) || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    className: INPUT_CLASS,
  });

  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="sr-only">Card details</legend>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${id}-number`} className="text-sm font-medium text-neutral-800">
            Card number
          </label>
          {/* Announced with the field when it changes, as the brand logo in a card field is seen. */}
          <span aria-live="polite" className="text-xs font-semibold text-neutral-600">
            {brandName}
          </span>
        </div>
        <input
          id={`${id}-number`}
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          {...fieldProps('number')}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-expiry`} className="text-sm font-medium text-neutral-800">
            Expiry date
          </label>
          <input
            id={`${id}-expiry`}
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
            {...fieldProps('expiry')}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-cvc`} className="text-sm font-medium text-neutral-800">
            CVC
          </label>
          <input
            id={`${id}-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={brand === 'amex' ? '1234' : '123'}
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
            {...fieldProps('cvc')}
          />
        </div>
      </div>
      <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
        <span className="font-semibold">Test mode</span>
        {`: no real card is charged. Pay with ${TEST_SUCCESS_CARD}, any future expiry date and any CVC.`}
      </p>
    </fieldset>
  );
}
