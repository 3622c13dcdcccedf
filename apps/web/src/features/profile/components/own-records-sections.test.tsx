import type { AccessToken, CreatedAccessToken } from '@staybook/domain/access-tokens';
import type { WebhookEndpoint } from '@staybook/domain/webhooks';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { AccessTokensSection } from './access-tokens-section';
import { WebhooksSection } from './webhooks-section';

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN: AccessToken = { id: '3f0c2d1e-1111-4222-8333-444455556666', name: 'Channel manager', scopes: ['readBookings'], start: 'sbk_AbCdEf', createdAt: '2026-11-20T12:00:00.000Z', lastUsedAt: null };
const ENDPOINT: WebhookEndpoint = {
  id: '7a1b2c3d-1111-4222-8333-444455556666',
  url: 'https://example.com/hooks',
  events: ['booking.confirmed'],
  status: 'active',
  failuresInARow: 0,
  disabledAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
};

/** A stand-in API over the records at `path`: lists them, adds the one `made` answers, removes one by id. */
function stubRecords<T extends { id: string }>(path: string, start: T[], made: (body: Record<string, unknown>) => T) {
  let items = [...start];
  const sent: { method: string; path: string; body?: unknown }[] = [];
  stubFetch((href, init) => {
    const at = new URL(href, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ method, path: at, body });
    if (at === path && method === 'GET') return jsonResponse({ items });
    if (at === path && method === 'POST' && body) {
      const record = made(body);
      items = [...items, record];
      return jsonResponse(record, 201);
    }
    if (at.startsWith(`${path}/`) && method === 'DELETE') {
      items = items.filter((item) => at !== `${path}/${item.id}`);
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  return { changes: () => sent.filter((s) => s.method !== 'GET') };
}

describe('AccessTokensSection', () => {
  it('checks the form before sending, shows a new token once, lists it, and revokes it', async () => {
    const api = stubRecords<CreatedAccessToken>('/api/access-tokens', [], (body) => ({ ...TOKEN, name: String(body.name), token: 'sbk_secret-shown-once' }));
    renderWithProviders(
      <>
        <AccessTokensSection />
        <Toaster />
      </>,
    );
    const section = screen.getByRole('region', { name: 'Access tokens' });
    await within(section).findByText('You have no access tokens.');

    fireEvent.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(await within(section).findByText('Please name the token')).toBeTruthy();
    expect(api.changes()).toEqual([]);

    fireEvent.change(within(section).getByLabelText('Token name'), { target: { value: 'Channel manager' } });
    fireEvent.click(within(section).getByLabelText('Read bookings'));
    fireEvent.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Token created')).toBeTruthy();
    expect(api.changes()).toEqual([{ method: 'POST', path: '/api/access-tokens', body: { name: 'Channel manager', scopes: ['readBookings'] } }]);
    expect(within(section).getByLabelText('New token')).toHaveProperty('value', 'sbk_secret-shown-once');
    expect(within(section).getByText('Copy the token “Channel manager” now: it will not be shown again.')).toBeTruthy();
    // The form is empty again for the next one.
    expect(within(section).getByLabelText('Token name')).toHaveProperty('value', '');
    const listed = await within(section).findByRole('list', { name: 'Your access tokens' });
    expect(within(listed).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText('New token')).toBeNull();

    fireEvent.click(within(listed).getByRole('button', { name: 'Revoke Channel manager' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke this token?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked')).toBeTruthy();
    expect(await within(section).findByText('You have no access tokens.')).toBeTruthy();
    expect(api.changes().at(-1)).toEqual({ method: 'DELETE', path: `/api/access-tokens/${TOKEN.id}`, body: undefined });
  });
});

describe('WebhooksSection', () => {
  it('lists the endpoints and shows a new one’s signing secret once', async () => {
    stubRecords<WebhookEndpoint & { secret?: string }>('/api/webhooks', [ENDPOINT], (body) => ({ ...ENDPOINT, id: '9c1b2c3d-1111-4222-8333-444455556666', url: String(body.url), secret: 'whsec_shown-once' }));
    renderWithProviders(<WebhooksSection />);
    const section = screen.getByRole('region', { name: 'Webhooks' });
    const listed = await within(section).findByRole('list', { name: 'Your webhook endpoints' });
    expect(await within(listed).findByRole('listitem', { name: ENDPOINT.url })).toBeTruthy();

    fireEvent.change(within(section).getByLabelText('Endpoint URL'), { target: { value: 'https://example.com/other' } });
    fireEvent.click(within(section).getByLabelText('Booking cancelled'));
    fireEvent.click(within(section).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(within(section).getByLabelText('Signing secret')).toHaveProperty('value', 'whsec_shown-once'));
    expect(within(section).getByText('Copy the signing secret of https://example.com/other now: it will not be shown again.')).toBeTruthy();
    await waitFor(() => expect(within(listed).getAllByRole('listitem')).toHaveLength(2));
  });

  it('says when the endpoints could not be loaded, and tries again', async () => {
    let calls = 0;
    stubFetch(() => (++calls === 1 ? jsonResponse({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500) : jsonResponse({ items: [] })));
    renderWithProviders(<WebhooksSection />);
    const section = screen.getByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByText(/Your webhook endpoints could not be loaded/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('You have no webhook endpoints.')).toBeTruthy();
  });
});
