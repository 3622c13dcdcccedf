import type { SessionUser } from '@staybook/domain/accounts';
import { DEFAULT_LISTING_RULES } from '@staybook/domain/listing-rules';
import type { Room } from '@staybook/domain/rooms';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleRoom } from '../../../testing/samples';
import { ListingPricingPage } from './listing-pricing-page';

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const HOST_ID = '5f0c9d3e-0000-4000-8000-000000000003';
const HOST = { id: HOST_ID, name: 'Hana', email: 'hana@example.com', image: null, role: 'host', status: 'Verified', emailVerified: true } as SessionUser;

const CABIN = sampleRoom({
  title: 'Lake cabin',
  price: 120,
  priceCents: 12_000,
  description: 'By the water.',
  amenities: ['wifi'],
  houseRules: 'No smoking.',
  rules: { ...DEFAULT_LISTING_RULES, weekendPriceCents: 14_000, minNights: 2, cleaningFeeCents: 3_000 },
});

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** The API as the page meets it: the room, and `put` answering its update (by default, the room as sent). */
function stubApi({ room = CABIN, put }: { room?: Room | null; put?: (body: Record<string, unknown>) => Response } = {}) {
  const sent: Sent[] = [];
  stubFetch((href, init) => {
    const path = new URL(href, 'http://localhost').pathname;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ method: init.method ?? 'GET', path, body });
    if (path === `/api/room/${CABIN._id}` && (init.method ?? 'GET') === 'GET') {
      return room
        ? jsonResponse(room)
        : jsonResponse({ error: { code: 'NOT_FOUND', message: 'Room not found. It may have been removed by its host.' } }, 404);
    }
    if (path === `/api/room/update/${CABIN._id}` && init.method === 'PUT' && body) {
      if (put) return put(body);
      const weekend = body.weekendPrice as number | null;
      return jsonResponse({
        ...CABIN,
        rules: { ...CABIN.rules, weekendPriceCents: weekend === null ? null : Math.round(weekend * 100), minNights: body.minNights as number },
      });
    }
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  return { changes: () => sent.filter((s) => s.method !== 'GET') };
}

function renderPage(user: SessionUser = HOST) {
  renderWithProviders(
    <>
      <ListingPricingPage roomId={CABIN._id} />
      <Toaster />
    </>,
    { path: `/dashboard/listings/${CABIN._id}/pricing`, user },
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('ListingPricingPage', () => {
  it("shows the listing's prices and rules, and links its title to the room page", async () => {
    stubApi();
    renderPage();
    expect(await screen.findByRole('link', { name: 'Lake cabin' })).toHaveProperty('pathname', `/room/${CABIN._id}`);
    expect(field('Price per night ($)')).toHaveProperty('value', '120');
    expect(field('Weekend price ($)')).toHaveProperty('value', '140');
    expect(field('Cleaning fee ($)')).toHaveProperty('value', '30');
    expect(field('Minimum nights')).toHaveProperty('value', '2');
    expect(screen.getByRole('group', { name: 'Check-in days' })).toBeTruthy();
    // Only what prices a stay and decides when it can be booked.
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.queryByLabelText('Description')).toBeNull();
  });

  it('saves the whole room through its update, with only the changed prices and rules, and stays with the saved values', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByRole('link', { name: 'Lake cabin' });
    type('Weekend price ($)', '155');
    type('Minimum nights', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Pricing and availability saved')).toBeTruthy();
    const [change, ...others] = api.changes();
    expect(others).toEqual([]);
    expect(change).toMatchObject({ method: 'PUT', path: `/api/room/update/${CABIN._id}` });
    expect(change!.body).toMatchObject({
      title: CABIN.title,
      location: CABIN.location,
      description: CABIN.description,
      photos: CABIN.photos,
      amenities: CABIN.amenities,
      houseRules: CABIN.houseRules,
      from: CABIN.from,
      to: CABIN.to,
      price: 120,
      weekendPrice: 155,
      minNights: 3,
      cleaningFee: 30,
      maxNights: CABIN.rules.maxNights,
    });
    await waitFor(() => expect(field('Weekend price ($)')).toHaveProperty('value', '155'));
    expect(field('Minimum nights')).toHaveProperty('value', '3');
  });

  it("shows the server's refusal under the field it names, keeping what was typed", async () => {
    const message = 'Minimum nights must be at most the nights the availability window holds';
    const api = stubApi({
      put: () => jsonResponse({ error: { code: 'VALIDATION_FAILED', message: `minNights: ${message}`, fields: { minNights: message } } }, 400),
    });
    renderPage();
    await screen.findByRole('link', { name: 'Lake cabin' });
    type('Minimum nights', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(field('Minimum nights')).toHaveProperty('value', '40');
    expect(field('Minimum nights').getAttribute('aria-invalid')).toBe('true');
    expect(api.changes()).toHaveLength(1);
    expect(screen.queryByText('Pricing and availability saved')).toBeNull();
  });

  it("checks the fields as the room form does, sending nothing while they are wrong", async () => {
    const api = stubApi();
    renderPage();
    await screen.findByRole('link', { name: 'Lake cabin' });
    type('Price per night ($)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Price is required')).toBeTruthy();
    expect(api.changes()).toEqual([]);
  });

  it("brings back what was typed as a draft, over the room's other details as they are now", async () => {
    stubApi();
    renderPage();
    await screen.findByRole('link', { name: 'Lake cabin' });
    type('Weekend price ($)', '175');
    cleanup();

    // Meanwhile the room was renamed (Update Room Info): the draft must not bring the old title back.
    const api = stubApi({ room: { ...CABIN, title: 'Lake cabin, renamed' } });
    renderPage();
    await screen.findByRole('link', { name: 'Lake cabin, renamed' });
    expect(screen.getByText('Draft restored')).toBeTruthy();
    await waitFor(() => expect(field('Weekend price ($)')).toHaveProperty('value', '175'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Pricing and availability saved')).toBeTruthy();
    expect(api.changes()[0]!.body).toMatchObject({ title: 'Lake cabin, renamed', weekendPrice: 175 });
  });

  it("says so when the room is gone, or is another host's", async () => {
    stubApi({ room: null });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeTruthy();
    expect(screen.getByText('Room not found. It may have been removed by its host.')).toBeTruthy();
    cleanup();

    stubApi();
    renderPage({ ...HOST, id: '5f0c9d3e-0000-4000-8000-0000000000ff' });
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeTruthy();
    expect(screen.getByText(/belongs to another host/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
