import type { PaymentConfig, StayRange } from '@staybook/domain/bookings';
import { formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { DEFAULT_LISTING_RULES } from '@staybook/domain/listing-rules';
import { quoteStay } from '@staybook/domain/quote';
import type { Room } from '@staybook/domain/rooms';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { APP_PATHS, tripPath } from '@staybook/domain/app-routes';
import { ERROR_CODES } from '@staybook/domain/errors';
import { Link, useNavigate } from 'react-router';
import { Loader } from '../../../components/loader';
import { Modal, ModalActions } from '../../../components/modal';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { lazyPage } from '../../../lib/lazy-page';
import { notify } from '../../../lib/notify';
import { roomKeys } from '../../../lib/room-keys';
import { useAuth } from '../../auth/hooks/use-auth';
import { bookingKeys } from '../api/booking-keys';
import { confirmBooking } from '../api/bookings-api';
import { usePaymentConfig } from '../api/use-payment-config';
import { usePaymentIntent } from '../api/use-payment-intent';
import { useRefreshStays } from '../api/use-refresh-stays';
import type { CardFormProps, CardPaymentHandle } from './card-payment';
import { CancellationPolicyNote } from './cancellation-policy';
import { PriceBreakdown } from './price-breakdown';
import { TestCardForm } from './test-card-form';
import type { StayFacts } from '../utils/stay';
import { i18n } from '../../../lib/i18n';

// Stripe's packages load only when Stripe is the provider, and only once this dialog opens.
const StripeCardForm = lazyPage(() => import('./stripe-card-form'), 'StripeCardForm');

interface ReviewReserveDialogProps {
  room: Room;
  /** The stay rules' facts the card priced the stay with, until the server's quote arrives. */
  facts: StayFacts;
  stay: StayRange;
  /** How many guests the stay is for (the room takes them; the server checks again). */
  guests: number;
  onClose: () => void;
}

/**
 * 'Review Info Before Reserve': the stay, the price and the card. Paying authorizes the card with the
 * provider, then asks the server to book the stay; the server checks the payment itself and captures
 * it only once the nights are the guest's.
 */
export function ReviewReserveDialog({ room, facts, stay, guests, onClose }: ReviewReserveDialogProps) {
  const { user } = useAuth();
  const config = usePaymentConfig();
  const intent = usePaymentIntent({ roomId: room._id, ...stay, guests });
  const refreshStays = useRefreshStays();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cardRef = useRef<CardPaymentHandle>(null);
  const errorId = useId();
  const [providerReady, setProviderReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [bookingError, setBookingError] = useState<Error | null>(null);
  // The nights went to someone else while paying: this stay can no longer be booked.
  const [stayTaken, setStayTaken] = useState(false);
  // A card authorized for this intent is not confirmed again when only the booking call needs a retry.
  const authorizedIntent = useRef<string | null>(null);
  const handleReadyChange = useCallback((ready: boolean) => setProviderReady(ready), []);
  // Where the guest was when paying began (Pay, or the field they pressed Enter in). The form is disabled while it
  // runs, which drops the browser's focus to the page; a declined card or a failed booking hands it back.
  const focusBeforePay = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (processing) return;
    const before = focusBeforePay.current;
    focusBeforePay.current = null;
    const active = document.activeElement;
    if (!before || (active && active !== document.body)) return;
    if (!before.isConnected) return;
    // Pay stays disabled once the nights went to someone else: then the way out, Cancel.
    const target = before.matches(':disabled') ? before.closest('form')?.querySelector<HTMLElement>('button:not(:disabled)') : before;
    target?.focus();
  }, [processing]);

  // The server's figures once the intent exists; the same rule computed here until then.
  const estimate = intent.data
    ? null
    : quoteStay({ ...(facts.rules ?? DEFAULT_LISTING_RULES), priceCents: room.priceCents }, facts.nightSettings ?? [], stay, guests, { guestFeeBp: facts.serviceFeeBp ?? 0 });
  const lines = intent.data?.lines ?? estimate?.lines ?? [];
  const totalCents = intent.data?.totalCents ?? estimate?.totalCents ?? 0;
  // The server's word once the intent exists (the room as the guest pays for it), the room's until then.
  const request = intent.data?.request ?? !room.rules.instantBook;
  const failure = bookingError ?? config.error ?? intent.error ?? null;
  const problem = failure ? errorMessage(failure) : null;
  // The guest's own stay holds these nights (paid in another tab, say): point to it rather than elsewhere.
  const ownStay = failure instanceof ApiRequestError && failure.code === ERROR_CODES.alreadyBooked;

  const close = () => {
    if (!processing) onClose();
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const payment = intent.data;
    const card = cardRef.current;
    if (!payment || !card || processing) return;
    focusBeforePay.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setProcessing(true);
    setCardError(null);
    setBookingError(null);
    let booked: { _id: string; status: string };
    try {
      if (authorizedIntent.current !== payment.paymentIntentId) {
        const result = await card.confirm(payment.clientSecret);
        if (!result.ok) {
          setCardError(result.message);
          return;
        }
        authorizedIntent.current = payment.paymentIntentId;
      }
      booked = await confirmBooking(payment.paymentIntentId);
    } catch (error) {
      // Nights taken meanwhile (the hold is then released), or no answer: show the room as it is now.
      setBookingError(error instanceof Error ? error : new Error(errorMessage(error)));
      if (error instanceof ApiRequestError && error.status === 409) setStayTaken(true);
      // My Bookings shows the stay the link leads to.
      if (error instanceof ApiRequestError && error.code === ERROR_CODES.alreadyBooked) void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.availability(room._id) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(room._id) });
      return;
    } finally {
      setProcessing(false);
    }
    // A request waits for the host: the trip page says until when.
    notify.success(booked.status === 'requested' ? i18n.t('Request Sent') : i18n.t('Room Booked Successfully'));
    onClose();
    void refreshStays();
    // The trip page: the reference, the receipt and the way to My Bookings.
    void navigate(tripPath(booked._id));
  };

  const guest = user?.name || user?.email || '';
  const cardFormProps = {
    ref: cardRef,
    onReadyChange: handleReadyChange,
    disabled: processing,
    errorId,
    invalid: cardError !== null,
  };

  return (
    <Modal open onClose={close} title={i18n.t('Review Info Before Reserve')}>
      <form onSubmit={(event) => void pay(event)} className="flex flex-col gap-5" noValidate>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <Detail term={i18n.t('Room')} value={room.title} />
          <Detail term={i18n.t('Location')} value={room.location} />
          <Detail term={i18n.t('Guest')} value={guest} />
          <Detail term={i18n.t('From')} value={formatIsoDate(stay.from)} />
          <Detail term={i18n.t('To')} value={formatIsoDate(stay.to)} />
          <Detail term={i18n.t('Guests')} value={i18n.t('{count, plural, one {# guest} other {# guests}}', { count: intent.data?.guests ?? guests })} />
        </dl>
        <PriceBreakdown lines={lines} totalCents={totalCents} />
        <CancellationPolicyNote policy={intent.data?.cancellationPolicy ?? room.cancellationPolicy} as="p" />
        {request && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {i18n.t('This host reviews requests. Your card is held for {total} and charged only if they accept within 24 hours; otherwise the hold is released.', { total: formatMoney(totalCents) })}
          </p>
        )}

        <CardForm config={config.data} configFailed={config.isError} {...cardFormProps} />

        <div className="flex flex-col gap-2">
          {/* Always present, so a message appearing is announced and does not push the buttons. */}
          <p id={errorId} role="alert" className="min-h-5 text-sm text-rose-700">
            {cardError}
          </p>
          {problem && (
            <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {problem}
              {ownStay && (
                <>
                  {' '}
                  <Link to={APP_PATHS.myBookings} className="font-semibold underline underline-offset-2">
                    {i18n.t('See it in My Bookings')}
                  </Link>
                </>
              )}
            </p>
          )}
        </div>

        <ModalActions
          onCancel={close}
          confirmLabel={request ? i18n.t('Send Request') : i18n.t('Pay {total}', { total: formatMoney(totalCents) })}
          pending={processing}
          confirmDisabled={!providerReady || !intent.data || stayTaken}
        />
      </form>
    </Modal>
  );
}

interface CardFormSwitchProps extends CardFormProps {
  config: PaymentConfig | undefined;
  configFailed: boolean;
}

/** The provider's card form: the built-in processor's, or Stripe's element (loaded only then). */
function CardForm({ config, configFailed, ...props }: CardFormSwitchProps) {
  if (!config) return configFailed ? null : <Loader size="short" />;
  if (config.provider === 'test') return <TestCardForm {...props} />;
  if (!config.publishableKey) {
    return (
      <p role="alert" className="text-sm text-rose-700">
        {i18n.t('Card payments are not set up on this server.')}
      </p>
    );
  }
  return (
    <Suspense fallback={<Loader size="short" />}>
      <StripeCardForm publishableKey={config.publishableKey} {...props} />
    </Suspense>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-neutral-500">{term}</dt>
      <dd className="font-medium text-neutral-900">{value}</dd>
    </>
  );
}
