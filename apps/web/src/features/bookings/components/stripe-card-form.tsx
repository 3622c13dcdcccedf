import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useImperativeHandle, useState } from 'react';
import { stripeConfirmResult, type CardFormProps } from './card-payment';
import { i18n } from '../../../lib/i18n';

const STRIPE_UNAVAILABLE =
  'Card payments could not be loaded (Stripe did not answer). Please check your connection and reload the page.';

// One Stripe.js per publishable key for the life of the page, however often the dialog opens.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load may pass (a network blip): the next dialog tries again.
    stripe.catch(() => stripes.delete(publishableKey));
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
}

/** The card collected by Stripe's own element; this code never sees the number. Loaded only for Stripe. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    stripe.then(
      (loaded) => current && !loaded && setFailed(true),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-rose-700">
        {STRIPE_UNAVAILABLE}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ ref, onReadyChange, disabled, errorId, invalid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  const labelId = useId();
  const ready = Boolean(stripe && elements && mounted);

  useEffect(() => onReadyChange(ready), [onReadyChange, ready]);

  useImperativeHandle(
    ref,
    () => ({
      async confirm(clientSecret) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { ok: false, message: STRIPE_UNAVAILABLE };
        return stripeConfirmResult(await stripe.confirmCardPayment(clientSecret, { payment_method: { card } }));
      },
    }),
    [stripe, elements],
  );

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-neutral-800">
        {i18n.t('Card')}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={invalid ? errorId : undefined}
        className="rounded-md border border-neutral-300 bg-neutral-50 px-3 py-3"
      >
        <CardElement
          options={{ disabled, hidePostalCode: true, style: { base: { fontSize: '16px', color: '#171717' } } }}
          onReady={() => setMounted(true)}
        />
      </div>
    </div>
  );
}
