import { zodResolver } from '@hookform/resolvers/zod';
import { calendarImportInputSchema, type CalendarImport, type CalendarImportInput } from '@staybook/domain/calendar';
import { calendarSyncReasonText, lastErrorText } from '@staybook/domain/calendar-sync-reasons';
import { dateFormat } from '@staybook/domain/dates';
import type { RoomSummary } from '@staybook/domain/rooms';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { LabelledSection } from '../../../components/labelled-section';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/form-errors';
import { sendForm } from '../../../lib/send-form';
import { notify } from '../../../lib/notify';
import { useRoomCalendar, useRoomCalendarChanges } from '../api/use-room-calendar';
import { i18n } from '../../../lib/i18n';

const when = { format: (date: Date) => dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date) };

/**
 * 'Calendar sync' for one listing (docs/decisions/030-calendar-sync.md): the private export link other sites
 * subscribe to, and the other sites' calendars whose bookings block nights here.
 */
export function CalendarSyncDialog({ room, onClose }: { room: RoomSummary; onClose: () => void }) {
  const calendar = useRoomCalendar(room._id);
  return (
    <Modal open onClose={onClose} title={i18n.t('Calendar sync')} size="wide" description={<p className="font-medium text-neutral-800">{room.title}</p>}>
      {calendar.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : calendar.isError ? (
        <p role="alert" className="text-sm text-rose-700">
          {errorMessage(calendar.error)}
        </p>
      ) : (
        <div className="flex flex-col gap-8">
          <ExportSection roomId={room._id} exportUrl={calendar.data.exportUrl} />
          <ImportSection roomId={room._id} imports={calendar.data.imports} />
        </div>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="outline" onClick={onClose}>
          {i18n.t('Done')}
        </Button>
      </div>
    </Modal>
  );
}

function ExportSection({ roomId, exportUrl }: { roomId: string; exportUrl: string }) {
  const { regenerate } = useRoomCalendarChanges(roomId);
  const [confirming, setConfirming] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(exportUrl);
      notify.success(i18n.t('Link copied'));
    } catch {
      notify.error(i18n.t('The link could not be copied. Select it and copy it yourself.'));
    }
  };
  const renew = async () => {
    try {
      await regenerate.mutateAsync();
      notify.success(i18n.t('New link made. The old one no longer works.'));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <SyncSection
      title={i18n.t("Export this room's bookings")}
      intro={i18n.t("Give this private link to Airbnb, Google Calendar or your channel manager: it lists this room's booked nights, without guest details.")}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField label={i18n.t('Export link')} className="flex-1" readOnly value={exportUrl} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="outline" className="sm:mt-7" onClick={() => void copy()}>
          {i18n.t('Copy link')}
        </Button>
      </div>
      {confirming ? (
        <div role="group" aria-label={i18n.t('Confirm a new export link')} className="flex flex-col gap-3 rounded-lg border border-rose-200 bg-rose-50 p-4">
          <p className="text-sm text-neutral-800">
            {i18n.t('The current link stops working at once: every site that uses it must be given the new one.')}
          </p>
          <div className="flex gap-3">
            <Button variant="subtle" onClick={() => setConfirming(false)} disabled={regenerate.isPending}>
              {i18n.t('Keep this link')}
            </Button>
            <Button onClick={() => void renew()} pending={regenerate.isPending}>
              {i18n.t('Make a new link')}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="subtle" onClick={() => setConfirming(true)}>
            {i18n.t('Regenerate link')}
          </Button>
        </div>
      )}
    </SyncSection>
  );
}

function ImportSection({ roomId, imports }: { roomId: string; imports: CalendarImport[] }) {
  const { add, remove, sync } = useRoomCalendarChanges(roomId);
  const form = useForm<CalendarImportInput>({ resolver: zodResolver(calendarImportInputSchema), defaultValues: { url: '' } });
  // A refused address's reason in the page's language (the server writes it in English).
  const refusedUrl: typeof form.setError = (field, error, options) =>
    form.setError(field, { ...error, message: error.message && calendarSyncReasonText(error.message) }, options);
  const submit = form.handleSubmit(async ({ url }) => {
    await sendForm(
      async () => {
        const added = await add.mutateAsync(url);
        form.reset();
        if (added.lastError) notify.error(i18n.t('Calendar added, but it could not be read: {reason}', { reason: lastErrorText(added) }));
        else notify.success(i18n.t('Calendar imported'));
      },
      refusedUrl,
      ['url'],
    );
  });
  const syncNow = async () => {
    try {
      const { imports: synced } = await sync.mutateAsync();
      const failed = synced.filter((i) => i.lastError).length;
      if (failed > 0) notify.error(i18n.t('{count, plural, one {One calendar} other {# calendars}} could not be synced. See the list.', { count: failed }));
      else notify.success(i18n.t('Calendars synced'));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const removeOne = async (item: CalendarImport) => {
    try {
      await remove.mutateAsync(item.id);
      notify.success(i18n.t('Calendar removed'));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <SyncSection
      title={i18n.t('Import other calendars')}
      intro={i18n.t("Add the calendar (.ics) link another site gives for this room. Its bookings block those nights here. StayBook fetches it again every half hour or so; 'Sync now' fetches it at once.")}
    >
      {imports.length === 0 ? (
        <p className="text-sm text-neutral-500">{i18n.t('No calendars imported yet.')}</p>
      ) : (
        <ul aria-label={i18n.t('Imported calendars')} className="flex flex-col divide-y divide-neutral-200 rounded-lg border border-neutral-200">
          {imports.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm break-all text-neutral-900">{item.url}</p>
                <ImportState item={item} />
              </div>
              <Button variant="subtle" aria-label={i18n.t('Remove {url}', { url: item.url })} pending={remove.isPending && remove.variables === item.id} onClick={() => void removeOne(item)}>
                {i18n.t('Remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          label={i18n.t('Import calendar URL')}
          className="flex-1"
          type="url"
          placeholder={i18n.t('https://www.airbnb.com/calendar/ical/….ics')}
          error={form.formState.errors.url?.message}
          {...form.register('url')}
        />
        <Button type="submit" className="sm:mt-7" pending={add.isPending}>
          {i18n.t('Add')}
        </Button>
      </form>
      <div>
        <Button variant="outline" onClick={() => void syncNow()} pending={sync.isPending} disabled={imports.length === 0}>
          {i18n.t('Sync now')}
        </Button>
      </div>
    </SyncSection>
  );
}

/**
 * One of the dialog's two parts: its heading (which names it for screen readers), a line on what it does, then its
 * controls. A page's parts are `PageSection`, whose h2 would stand level with the dialog's own title.
 */
function SyncSection({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <LabelledSection title={title} level={3} className="flex flex-col gap-3" titleClassName="font-semibold text-neutral-900">
      <p className="text-sm text-neutral-600">{intro}</p>
      {children}
    </LabelledSection>
  );
}

/** 'Last synced …', or why the last fetch failed, in words. */
function ImportState({ item }: { item: CalendarImport }) {
  if (item.lastError) {
    return (
      <p className="text-sm text-rose-700">
        {i18n.t('Last sync failed: {reason}', { reason: lastErrorText(item) })}
        {item.lastSyncedAt ? ` ${i18n.t('The nights from the last sync on {when} stay blocked.', { when: when.format(new Date(item.lastSyncedAt)) })}` : ''}
      </p>
    );
  }
  if (!item.lastSyncedAt) return <p className="text-sm text-neutral-500">{i18n.t('Not synced yet')}</p>;
  return (
    <p className="text-sm text-neutral-600">
      {i18n.t('Last synced {when} · {count, plural, one {# stay blocked} other {# stays blocked}}', { when: when.format(new Date(item.lastSyncedAt)), count: item.blockCount })}
    </p>
  );
}
