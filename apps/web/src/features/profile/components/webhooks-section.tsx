import { formatMoment } from '@staybook/domain/dates';
import { intlLocale } from '@staybook/domain/locale';
import { createWebhookBodySchema, deliveryErrorText, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, type CreatedWebhook, type WebhookEndpoint, type WebhookEventType } from '@staybook/domain/webhooks';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { LoadError } from '../../../components/load-error';
import { ConfirmDialog } from '../../../components/modal';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateWebhook, useDeleteWebhook, useRedeliver, useUpdateWebhook, useWebhookDeliveries, useWebhooks } from '../api/webhooks-api';
import { CheckboxGroup, CreateForm, OwnRecordsSection, useCreateForm } from './profile-section';
import { i18n } from '../../../lib/i18n';

const eventOptions = () => WEBHOOK_EVENT_TYPES.map((event) => ({ value: event, label: eventName(event) }));
const eventName = (event: WebhookEventType) => i18n.known(WEBHOOK_EVENTS[event]);
const DELIVERY_STATUS = { pending: /*i18n*/ 'Retrying', delivered: /*i18n*/ 'Delivered', failed: /*i18n*/ 'Failed' } as const;

/** Runs a change and tells how it went in a toast. */
function settle(promise: Promise<unknown>, success: string): void {
  promise.then(() => notify.success(success), (error: unknown) => notify.error(errorMessage(error)));
}

/** Profile's 'Webhooks' (hosts, decision 056): endpoints that hear of stays, with each one's delivery log. */
export function WebhooksSection() {
  const endpoints = useWebhooks();
  return (
    <OwnRecordsSection
      title={i18n.t('Webhooks')}
      description={i18n.t('StayBook sends your own systems a signed POST when something happens to your stays. See docs/webhooks.md for how to check the signature.')}
      createForm={(onCreated) => <AddEndpointForm onCreated={onCreated} />}
      secretOf={(made: CreatedWebhook) => ({ label: i18n.t('Signing secret'), value: made.secret, note: i18n.t('Copy the signing secret of {url} now: it will not be shown again.', { url: made.url }) })}
      records={{ query: endpoints, label: i18n.t('Your webhook endpoints') }}
      none={i18n.t('You have no webhook endpoints.')}
    >
      {(items) => (
        <ul aria-label={i18n.t('Your webhook endpoints')} className="flex flex-col gap-3">
          {items.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </OwnRecordsSection>
  );
}

function AddEndpointForm({ onCreated }: { onCreated: (endpoint: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  const { values, set, errors, onSubmit } = useCreateForm({ url: '', events: [] as WebhookEventType[] }, createWebhookBodySchema, create.mutate, (endpoint: CreatedWebhook) => {
    onCreated(endpoint);
    notify.success(i18n.t('Endpoint added'));
  });

  return (
    <CreateForm label={i18n.t('New webhook endpoint')} submit={i18n.t('Add endpoint')} pending={create.isPending} onSubmit={onSubmit}>
      <TextField label={i18n.t('Endpoint URL')} type="url" placeholder={i18n.t('https://')} value={values.url} onChange={(e) => set({ url: e.currentTarget.value })} error={errors.url} />
      <CheckboxGroup legend={i18n.t('Events')} options={eventOptions()} value={values.events} onChange={(events) => set({ events })} hint={i18n.t('Choose what the endpoint hears of.')} error={errors.events} />
    </CreateForm>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = useState(false);
  const [removing, setRemoving] = useState(false);
  const update = useUpdateWebhook(endpoint.id);
  const remove = useDeleteWebhook();
  const disabled = endpoint.status === 'disabled';

  return (
    <li aria-label={endpoint.url} className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3">
      <div className="flex flex-col gap-1 text-sm text-neutral-700">
        <span className="font-semibold break-all text-neutral-900">{endpoint.url}</span>
        <span>{endpoint.events.map(eventName).join(', ')}</span>
        {disabled ? (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 font-medium text-rose-700">
            {endpoint.disabledAt
              ? i18n.t('Disabled on {when} after {count} failed deliveries in a row. Fix the endpoint, then enable it and redeliver what it missed.', {
                  when: formatMoment(endpoint.disabledAt),
                  count: endpoint.failuresInARow,
                })
              : i18n.t('Disabled after {count} failed deliveries in a row. Fix the endpoint, then enable it and redeliver what it missed.', { count: endpoint.failuresInARow })}
          </p>
        ) : (
          <span className="font-medium text-emerald-700">{endpoint.failuresInARow > 0 ? i18n.t('Active · {count} failed in a row', { count: endpoint.failuresInARow }) : i18n.t('Active')}</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
          {showLog ? i18n.t('Hide delivery log') : i18n.t('Delivery log')}
        </Button>
        {disabled && (
          <Button pending={update.isPending} onClick={() => settle(update.mutateAsync({ enabled: true }), i18n.t('Endpoint enabled'))}>
            {i18n.t('Enable')}
          </Button>
        )}
        <Button variant="subtle" onClick={() => setRemoving(true)}>
          {i18n.t('Remove')}
        </Button>
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} disabled={disabled} />}
      {removing && (
        <ConfirmDialog
          title={i18n.t('Remove this endpoint?')}
          description={i18n.t('{url} will hear of nothing more, and its delivery log goes with it.', { url: endpoint.url })}
          confirmLabel={i18n.t('Remove')}
          pending={remove.isPending}
          onConfirm={() => settle(remove.mutateAsync(endpoint.id).finally(() => setRemoving(false)), i18n.t('Endpoint removed'))}
          onClose={() => setRemoving(false)}
        />
      )}
    </li>
  );
}

function DeliveryLog({ endpointId, disabled }: { endpointId: string; disabled: boolean }) {
  const log = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliver(endpointId);
  if (log.isError) return <LoadError what={i18n.t('The delivery log')} error={log.error} onRetry={() => void log.refetch()} />;
  if (!log.data) return <p className="text-sm text-neutral-600">{i18n.t('Loading the delivery log…')}</p>;
  if (log.data.items.length === 0) return <p className="text-sm text-neutral-600">{i18n.t('Nothing has been sent to this endpoint yet.')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{i18n.t('Delivery log')}</caption>
        <thead className="text-neutral-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">{i18n.t('Event')}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{i18n.t('Status')}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{i18n.t('Response')}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{i18n.t('Time')}</th>
            <th scope="col" className="py-1 font-medium"><span className="sr-only">{i18n.t('Actions')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {log.data.items.map((delivery) => (
            <tr key={delivery.id}>
              <td className="py-2 pr-3">{eventName(delivery.event)}</td>
              <td className="py-2 pr-3" title={deliveryErrorText(delivery)}>{i18n.t('{status} ({count, plural, one {# attempt} other {# attempts}})', { status: i18n.known(DELIVERY_STATUS[delivery.status]), count: delivery.attempts })}</td>
              <td className="py-2 pr-3">{delivery.responseStatus ?? (delivery.lastError ? i18n.t('No answer') : '–')}</td>
              <td className="py-2 pr-3">{new Date(delivery.lastAttemptAt ?? delivery.createdAt).toLocaleString(intlLocale())}</td>
              <td className="py-2">
                <Button
                  variant="subtle"
                  disabled={disabled || delivery.status === 'pending'}
                  aria-label={i18n.t('Redeliver {event} of {when}', { event: eventName(delivery.event), when: new Date(delivery.createdAt).toLocaleString(intlLocale()) })}
                  onClick={() => settle(redeliver.mutateAsync(delivery.id), i18n.t('Redelivery queued'))}
                >
                  {i18n.t('Redeliver')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
