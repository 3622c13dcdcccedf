import { openedFromCalendar, tripPath } from '@staybook/domain/app-routes';
import type { NightSetting } from '@staybook/domain/listing-rules';
import { nightChangeSchema, type HostCalendar } from '@staybook/domain/host-calendar';
import { formatMoney } from '@staybook/domain/money';
import { useId, useMemo, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/button';
import { TextAreaField, TextField } from '../../../components/fields';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { NightsSet } from '../api/host-calendar-api';
import { useNightsChanges } from '../api/use-host-calendar';
import { calendarErrorText, changeMessage, summarizeRange, type RangeSummary } from '../utils/host-calendar-changes';
import { rangeTitle, type NightRange } from '../utils/host-calendar-grid';
import { currencyText } from '../../../lib/currency-text';
import { i18n, messageParts } from '../../../lib/i18n';

/** A value the host sets on nights from a field of its own, or gives back to the listing's. */
type NightValue = 'price' | 'minNights';
type Field = NightValue | 'note';
/** Which button's change is being saved (its spinner shows). */
type Action = 'block' | 'unblock' | NightValue | `${NightValue}-default` | 'note';

/** A night value's two buttons, in the page's language. */
function nightValueButtons(value: NightValue): { save: string; reset: string } {
  return value === 'price'
    ? { save: i18n.t('Save price'), reset: i18n.t("Use the listing's price") }
    : { save: i18n.t('Save minimum stay'), reset: i18n.t("Use the listing's minimum") };
}

/**
 * A field's refusal in the page's language: the domain's check of what was sent (the one the server ran, which
 * answers in English), or the server's words when that check lets it pass.
 */
function fieldRefusal(field: Field, set: NightsSet, serverWords: string): string {
  return nightChangeSchema.safeParse(set).error?.issues.find((issue) => issue.path[0] === field)?.message ?? serverWords;
}

interface HostCalendarPanelProps {
  roomId: string;
  calendar: HostCalendar;
  range: NightRange;
  /** The panel's title, which Enter on a night moves the keyboard to. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Escape in the panel: back to the nights. */
  onReturn: () => void;
}

/**
 * What the host can do with the selected nights: block or unblock them, price them, set a minimum stay for stays
 * starting on them, write a private note. Each change is saved at once and offers its undo in a toast; a refusal
 * (a confirmed stay in the way, nights before today) is said here, in the server's words.
 */
export function HostCalendarPanel({ roomId, calendar, range, headingRef, onReturn }: HostCalendarPanelProps) {
  const titleId = useId();
  const { change, undo } = useNightsChanges(roomId);
  const summary = useMemo(() => summarizeRange(calendar.nights, range, calendar.today), [calendar.nights, calendar.today, range]);
  // The fields start from what every selected night has in common; the panel is drawn afresh for another selection.
  const [price, setPrice] = useState(summary.price);
  const [minNights, setMinNights] = useState(summary.minNights);
  const [note, setNote] = useState(summary.note);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [doing, setDoing] = useState<Action | null>(null);
  const past = range.from < calendar.today;

  const undoChange = async (previous: NightSetting[]) => {
    try {
      await undo(range, previous);
      notify.success(i18n.t('Change undone'));
    } catch (error) {
      notify.error(i18n.t('The change could not be undone: {reason}', { reason: calendarErrorText(error) }));
    }
  };

  const apply = async (set: NightsSet, action: Action, field?: Field) => {
    setRefusal(null);
    setFieldErrors({});
    setDoing(action);
    try {
      const { previous } = await change.mutateAsync({ ...range, set });
      notify.success(changeMessage(set), { action: { label: i18n.t('Undo'), onClick: () => void undoChange(previous) } });
    } catch (error) {
      const fieldError = field && error instanceof ApiRequestError ? error.fields[`set.${field}`] : undefined;
      if (field && fieldError) setFieldErrors({ [field]: fieldRefusal(field, set, fieldError) });
      else setRefusal(calendarErrorText(error));
    } finally {
      setDoing(null);
    }
  };

  const submit = (save: () => void) => (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const savePrice = () => {
    if (price.trim() === '') setFieldErrors({ price: i18n.t("Enter a price per night, or use the listing's price") });
    else void apply({ price: price.trim() }, 'price', 'price');
  };
  const saveMinNights = () => {
    const nights = Number(minNights);
    if (minNights.trim() === '' || !Number.isFinite(nights)) setFieldErrors({ minNights: i18n.t("Enter a number of nights, or use the listing's minimum") });
    else void apply({ minNights: nights }, 'minNights', 'minNights');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onReturn();
  };

  const busy = change.isPending;
  const nightValueFormProps = { doing, busy, onReset: (value: NightValue) => void apply({ [value]: null }, `${value}-default`) };
  const weekend = calendar.rules.weekendPriceCents;
  return (
    <section aria-labelledby={titleId} onKeyDown={onKeyDown} className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 lg:sticky lg:top-6">
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-neutral-900">
        {rangeTitle(range)}
      </h3>
      <RangeFacts summary={summary} past={past} />
      {refusal && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {refusal}
        </p>
      )}
      <fieldset disabled={past} className="flex min-w-0 flex-col gap-5">
        <legend className="sr-only">{i18n.t('Change these nights')}</legend>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy} pending={doing === 'block'} onClick={() => void apply({ blocked: true }, 'block')}>
            {i18n.t('Block nights')}
          </Button>
          <Button variant="subtle" disabled={busy} pending={doing === 'unblock'} onClick={() => void apply({ blocked: false }, 'unblock')}>
            {i18n.t('Unblock nights')}
          </Button>
        </div>
        <NightValueForm value="price" onSubmit={submit(savePrice)} {...nightValueFormProps}>
          <TextField
            label={i18n.t('Price per night')}
            inputMode="decimal"
            autoComplete="off"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            hint={
              weekend === null
                ? i18n.t("In {currency}. The listing's price is {price}.", { currency: currencyText(), price: formatMoney(calendar.priceCents) })
                : i18n.t("In {currency}. The listing's price is {price} ({weekend} on weekends).", {
                    currency: currencyText(),
                    price: formatMoney(calendar.priceCents),
                    weekend: formatMoney(weekend),
                  })
            }
            error={fieldErrors.price}
          />
        </NightValueForm>
        <NightValueForm value="minNights" onSubmit={submit(saveMinNights)} {...nightValueFormProps}>
          <TextField
            label={i18n.t('Minimum stay')}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={minNights}
            onChange={(event) => setMinNights(event.target.value)}
            hint={i18n.t("Nights, for stays starting on these nights. The listing's minimum is {count}.", { count: calendar.rules.minNights })}
            error={fieldErrors.minNights}
          />
        </NightValueForm>
        <form noValidate onSubmit={submit(() => void apply({ note: note.trim() || null }, 'note', 'note'))} className="flex flex-col gap-1">
          <TextAreaField
            label={i18n.t('Note')}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            hint={i18n.t('Only you see it. Save it empty to remove it.')}
            error={fieldErrors.note}
          />
          <div>
            <Button type="submit" disabled={busy} pending={doing === 'note'}>
              {i18n.t('Save note')}
            </Button>
          </div>
        </form>
      </fieldset>
    </section>
  );
}

/** One value set on the selected nights (a price, a minimum stay): its field, saving it, and going back to the listing's. */
function NightValueForm({
  value,
  onSubmit,
  onReset,
  doing,
  busy,
  children,
}: {
  value: NightValue;
  onSubmit: (event: FormEvent) => void;
  onReset: (value: NightValue) => void;
  doing: Action | null;
  busy: boolean;
  children: ReactNode;
}) {
  const { save, reset } = nightValueButtons(value);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
      {children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} pending={doing === value}>
          {save}
        </Button>
        <Button variant="subtle" disabled={busy} pending={doing === `${value}-default`} onClick={() => onReset(value)}>
          {reset}
        </Button>
      </div>
    </form>
  );
}

/** What holds the selected nights, and what of it cannot be changed. */
function RangeFacts({ summary, past }: { summary: RangeSummary; past: boolean }) {
  // A stay's trip page leads back to the Calendar as it is now (its listing and month).
  const { search } = useLocation();
  const facts = [
    past && <li key="past">{i18n.t('Nights before today cannot be changed: select nights from today on to change them.')}</li>,
    ...summary.stays.map((stay) => (
      <li key={stay.bookingId}>
        {messageParts(
          i18n.t(
            "{count, plural, one {<0>{name}'s stay</0> holds # of these nights, which cannot be blocked.} other {<0>{name}'s stay</0> holds # of these nights, which cannot be blocked.}}",
            { count: stay.nights, name: stay.guestName },
          ),
        ).map(({ text, mark }, index) =>
          mark === null ? (
            text
          ) : (
            <Link key={index} to={tripPath(stay.bookingId)} state={openedFromCalendar(search)} className="font-medium text-neutral-900 underline underline-offset-2">
              {text}
            </Link>
          ),
        )}
      </li>
    )),
    ...summary.importedFrom.map((site) => (
      <li key={site}>{i18n.t("Blocked by {site}'s calendar: free them there, or remove that calendar in My Listings (Calendar sync).", { site })}</li>
    )),
    summary.blocked > 0 && (
      <li key="blocked">
        {i18n.t('{count, plural, one {# of these nights is blocked.} other {# of these nights are blocked.}}', { count: summary.blocked })}
      </li>
    ),
  ].filter(Boolean);
  if (facts.length === 0) return null;
  return <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-neutral-700">{facts}</ul>;
}
