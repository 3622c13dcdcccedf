import { formatMoment } from '@staybook/domain/dates';
import { createWebhookBodySchema, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, type CreatedWebhook, type WebhookEndpoint, type WebhookEventType } from '@staybook/domain/webhooks';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { LoadError } from '../../../components/load-error';
import { ConfirmDialog } from '../../../components/modal';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateWebhook, useDeleteWebhook, useRedeliver, useUpdateWebhook, useWebhookDeliveries, useWebhooks } from '../api/webhooks-api';
import { CheckboxGroup, CreateForm, OwnRecordsSection, useCreateForm } from './profile-section';

const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((event) => ({ value: event, label: WEBHOOK_EVENTS[event] }));
const DELIVERY_STATUS = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' } as const;

/** Runs a change and tells how it went in a toast. */
function settle(promise: Promise<unknown>, success: string): void {
  promise.then(() => notify.success(success), (error: unknown) => notify.error(errorMessage(error)));
}

/** Profile's 'Webhooks' (hosts, decision 056): endpoints that hear of stays, with each one's delivery log. */
export function WebhooksSection() {
  const endpoints = useWebhooks();
  return (
    <OwnRecordsSection
      title="Webhooks"
      description="StayBook sends your own systems a signed POST when something happens to your stays. See docs/webhooks.md for how to check the signature."
      createForm={(onCreated) => <AddEndpointForm onCreated={onCreated} />}
      secretOf={(made: CreatedWebhook) => ({ label: 'Signing secret', value: made.secret, note: `Copy the signing secret of ${made.url} now: it will not be shown again.` })}
      records={{ query: endpoints, label: 'Your webhook endpoints' }}
      none="You have no webhook endpoints."
    >
      {(items) => (
        <ul aria-label="Your webhook endpoints" className="flex flex-col gap-3">
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
    notify.success('Endpoint added');
  });

  return (
    <CreateForm label="New webhook endpoint" submit="Add endpoint" pending={create.isPending} onSubmit={onSubmit}>
      <TextField label="Endpoint URL" type="url" placeholder="https://" value={values.url} onChange={(e) => set({ url: e.currentTarget.value })} error={errors.url} />
      <CheckboxGroup legend="Events" options={EVENT_OPTIONS} value={values.events} onChange={(events) => set({ events })} hint="Choose what the endpoint hears of." error={errors.events} />
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
        <span>{endpoint.events.map((event) => WEBHOOK_EVENTS[event]).join(', ')}</span>
        {disabled ? (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 font-medium text-rose-700">
            {`Disabled${endpoint.disabledAt ? ` on ${formatMoment(endpoint.disabledAt)}` : ''} after ${endpoint.failuresInARow} failed deliveries in a row. Fix the endpoint, then enable it and redeliver what it missed.`}
          </p>
        ) : (
          <span className="font-medium text-emerald-700">{endpoint.failuresInARow > 0 ? `Active · ${endpoint.failuresInARow} failed in a row` : 'Active'}</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        {disabled && (
          <Button pending={update.isPending} onClick={() => settle(update.mutateAsync({ enabled: true }), 'Endpoint enabled')}>
            Enable
          </Button>
        )}
        <Button variant="subtle" onClick={() => setRemoving(true)}>
          Remove
        </Button>
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} disabled={disabled} />}
      {removing && (
        <ConfirmDialog
          title="Remove this endpoint?"
          description={`${endpoint.url} will hear of nothing more, and its delivery log goes with it.`}
          confirmLabel="Remove"
          pending={remove.isPending}
          onConfirm={() => settle(remove.mutateAsync(endpoint.id).finally(() => setRemoving(false)), 'Endpoint removed')}
          onClose={() => setRemoving(false)}
        />
      )}
    </li>
  );
}

function DeliveryLog({ endpointId, disabled }: { endpointId: string; disabled: boolean }) {
  const log = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliver(endpointId);
  if (log.isError) return <LoadError what="The delivery log" error={log.error} onRetry={() => void log.refetch()} />;
  if (!log.data) return <p className="text-sm text-neutral-600">Loading the delivery log…</p>;
  if (log.data.items.length === 0) return <p className="text-sm text-neutral-600">Nothing has been sent to this endpoint yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Delivery log</caption>
        <thead className="text-neutral-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">Event</th>
            <th scope="col" className="py-1 pr-3 font-medium">Status</th>
            <th scope="col" className="py-1 pr-3 font-medium">Response</th>
            <th scope="col" className="py-1 pr-3 font-medium">Time</th>
            <th scope="col" className="py-1 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {log.data.items.map((delivery) => (
            <tr key={delivery.id}>
              <td className="py-2 pr-3">{WEBHOOK_EVENTS[delivery.event]}</td>
              <td className="py-2 pr-3" title={delivery.lastError ?? undefined}>{`${DELIVERY_STATUS[delivery.status]} (${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'})`}</td>
              <td className="py-2 pr-3">{delivery.responseStatus ?? (delivery.lastError ? 'No answer' : '–')}</td>
              <td className="py-2 pr-3">{new Date(delivery.lastAttemptAt ?? delivery.createdAt).toLocaleString()}</td>
              <td className="py-2">
                <Button
                  variant="subtle"
                  disabled={disabled || delivery.status === 'pending'}
                  aria-label={`Redeliver ${WEBHOOK_EVENTS[delivery.event]} of ${new Date(delivery.createdAt).toLocaleString()}`}
                  onClick={() => settle(redeliver.mutateAsync(delivery.id), 'Redelivery queued')}
                >
                  Redeliver
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
