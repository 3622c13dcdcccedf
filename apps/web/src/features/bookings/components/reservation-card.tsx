import type { RoomAvailability, StayRange } from '@staybook/domain/bookings';
import { formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { quoteStay } from '@staybook/domain/quote';
import type { Room } from '@staybook/domain/rooms';
import { describeStayProblem, findStayProblem, isOwnRoom } from '@staybook/domain/stay-rules';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { lazyPage } from '../../../lib/lazy-page';
import { VerifyEmailNotice } from '../../auth/components/verify-email-notice';
import { useAuth } from '../../auth/hooks/use-auth';
import { useAvailability } from '../api/use-availability';
import { PriceBreakdown } from './price-breakdown';
import { describeSelection, type StaySelection } from '../../../lib/stay-selection';
import { canCheckIn, clampGuests, explainLinkedStay, formatStay, isBookableStay, stayFactsOf, stayFromLink } from '../utils/stay';
import { readStayLink, writeStayLink } from '../utils/stay-link';
import { GuestsStepper } from './guests-stepper';
import { i18n } from '../../../lib/i18n';

// The calendar pulls in react-day-picker and date-fns, the dialog the card form: load them only when needed.
const StayCalendar = lazyPage(() => import('./stay-calendar'), 'StayCalendar');
const ReviewReserveDialog = lazyPage(
  () => import('./review-reserve-dialog'),
  'ReviewReserveDialog',
);

export function ReservationCard({ room }: { room: Room }) {
  const availability = useAvailability(room._id);
  return (
    <section aria-label={i18n.t('Reservation')} className="overflow-hidden rounded-xl border border-neutral-200 bg-white">
      <p className="flex items-baseline gap-1 p-4">
        <span className="text-2xl font-semibold text-neutral-900">{formatMoney(room.priceCents)}</span>
        <span className="font-light text-neutral-600">{i18n.t('night')}</span>
      </p>
      <hr className="border-neutral-200" />
      {availability.data ? (
        <Reservation room={room} availability={availability.data} />
      ) : availability.error ? (
        <div className="flex flex-col items-center gap-3 p-6 text-center">
          <p role="alert" className="text-sm text-rose-700">
            {availability.error.message}
          </p>
          <Button variant="outline" onClick={() => void availability.refetch()}>
            {i18n.t('Try again')}
          </Button>
        </div>
      ) : (
        <CalendarSlot>
          <Loader size="short" />
        </CalendarSlot>
      )}
    </section>
  );
}

/** Reserves the calendar's height (six fixed weeks) so the card does not jump when it arrives. */
function CalendarSlot({ children }: { children: ReactNode }) {
  return <div className="min-h-[328px] px-2 py-3">{children}</div>;
}

/**
 * The dates and guests of a stay, then Reserve. The card opens with the stay its address names (a dated search
 * leads here with `checkin`, `checkout` and `guests`) when the room can take it, and otherwise with nothing
 * chosen; each change is written back into the address (replacing it), so a refresh or a shared link keeps it.
 */
function Reservation({ room, availability }: { room: Room; availability: RoomAvailability }) {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  // The availability's window starts today where the room is, so it stands for the past-dates rule too; the
  // listing's rules and the calendar's nights are the server's own facts (it decides with the same functions).
  const facts = useMemo(() => stayFactsOf(room, availability), [room, availability]);
  const [picked, setPicked] = useState<StaySelection>(() => stayFromLink(readStayLink(searchParams), facts));
  // Dates a link asked for that the room cannot take stay in view, with the reason, until the guest picks others.
  const [refusedLink] = useState(() => explainLinkedStay(readStayLink(searchParams), facts));
  const [guests, setGuests] = useState(() => clampGuests(readStayLink(searchParams).guests, room.guests));
  // The stay under review is kept apart: the dialog stays open (with its message) when a refresh drops the pick.
  const [reviewing, setReviewing] = useState<(StayRange & { guests: number }) | null>(null);

  const booked = room.booked || availability.booked;
  const ownListing = isOwnRoom(facts, user?.id);
  // Only a guest chooses a stay: the room's host (and anyone, once no night is left) sees the nights, no choice.
  const choosing = !booked && !ownListing;
  // Availability refreshes while the page is open; a pick that someone else's stay now covers is dropped.
  const stillOpen = picked && (picked.to === null ? canCheckIn(picked.from, facts) : isBookableStay(picked, facts));
  const selection = choosing && stillOpen ? picked : null;
  const stay = selection?.to ? { from: selection.from, to: selection.to } : null;
  const quote =
    stay && facts.rules && facts.priceCents !== undefined
      ? quoteStay({ ...facts.rules, priceCents: facts.priceCents }, facts.nightSettings ?? [], stay, guests, { guestFeeBp: facts.serviceFeeBp ?? 0 })
      : null;
  // The stay keeps the rules by now for one guest: what is left to say is about the price for this many.
  const problem = stay ? findStayProblem({ stay, room: facts, taken: availability.taken, guests }) : null;
  // Paying waits until the e-mail address is verified; the dates can still be chosen and priced.
  const unverified = user !== null && !user.emailVerified && choosing;

  const remember = (next: { selection: StaySelection; guests: number }) => {
    const whole = next.selection?.to ? { from: next.selection.from, to: next.selection.to } : null;
    setSearchParams((current) => writeStayLink(current, whole, next.guests), { replace: true, preventScrollReset: true });
  };
  const [linkShown, setLinkShown] = useState(true);
  const refused = choosing && linkShown && !picked ? refusedLink : null;
  const choose = (next: StaySelection) => {
    setLinkShown(false);
    setPicked(next);
    remember({ selection: next, guests });
  };
  const changeGuests = (next: number) => {
    setGuests(next);
    remember({ selection, guests: next });
  };

  return (
    <>
      <CalendarSlot>
        <Suspense fallback={<Loader size="short" />}>
          <StayCalendar
            availability={availability}
            facts={facts}
            selection={selection}
            onSelect={choose}
            readOnly={booked || ownListing}
            opensNear={refused?.stay.from}
          />
        </Suspense>
      </CalendarSlot>
      <div className="flex flex-col gap-3 px-4 pb-4 text-center text-sm">
        <p className="text-neutral-500">
          {booked
            ? i18n.t('No night is left to book.')
            : i18n.t('Available {from} – {to}', { from: formatIsoDate(availability.from), to: formatIsoDate(availability.to) })}
        </p>
        {refused && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-left text-amber-900">
            <p className="font-semibold">{i18n.t('{stay} can’t be booked', { stay: formatStay(refused.stay) })}</p>
            <p>{i18n.known(refused.reason)}</p>
          </div>
        )}
        {/* Screen readers hear this from the calendar's live region as each day is picked. */}
        {choosing && (
          <p aria-hidden="true" className="font-medium text-neutral-800">
            {describeSelection(selection)}
          </p>
        )}
        {choosing && selection && (
          <button
            type="button"
            onClick={() => choose(null)}
            className="self-center text-sm font-semibold text-neutral-900 underline underline-offset-2 hover:text-rose-700"
          >
            {i18n.t('Clear dates')}
          </button>
        )}
        {ownListing && <p className="font-medium text-neutral-800">{i18n.t('This is your listing. Guests reserve it here.')}</p>}
        {/* Dates are the room's: a stay starts on its check-in day where the room is (decision 026). */}
        <p className="text-xs text-neutral-500">{i18n.t('Check-in days are in {zone} time.', { zone: room.timeZone.replaceAll('_', ' ') })}</p>
        {stay && problem && <p className="text-rose-700">{describeStayProblem(problem, { stay, room: facts, guests })}</p>}
        {choosing && (
          <div className="border-t border-neutral-200 pt-3">
            <GuestsStepper value={guests} max={room.guests} onChange={changeGuests} />
          </div>
        )}
        {!room.rules.instantBook && !ownListing && (
          <p className="text-neutral-700">{i18n.t('The host reviews each request: you are charged only if they accept it within 24 hours.')}</p>
        )}
        {unverified && <VerifyEmailNotice email={user.email} action={/*i18n*/ 'book a stay'} />}
        {booked ? (
          <Button className="w-full" disabled>
            {i18n.t('Booked')}
          </Button>
        ) : stay ? (
          <Button className="w-full" disabled={problem !== null || unverified} onClick={() => setReviewing({ ...stay, guests })}>
            {i18n.t('Reserve')}
          </Button>
        ) : (
          choosing && (
            <>
              <p id="reserve-needs-dates" className="text-base font-semibold text-neutral-900">
                {i18n.t('Add dates for prices')}
              </p>
              <Button className="w-full" disabled aria-describedby="reserve-needs-dates">
                {i18n.t('Reserve')}
              </Button>
            </>
          )
        )}
      </div>
      {quote && (
        <div className="border-t border-neutral-200 p-4">
          <PriceBreakdown lines={quote.lines} totalCents={quote.totalCents} />
        </div>
      )}
      {reviewing && (
        <Suspense fallback={null}>
          <ReviewReserveDialog
            room={room}
            facts={facts}
            stay={{ from: reviewing.from, to: reviewing.to }}
            guests={reviewing.guests}
            onClose={() => setReviewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
