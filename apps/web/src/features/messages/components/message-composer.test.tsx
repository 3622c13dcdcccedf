import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@staybook/domain/accounts';
import { setActiveLocale } from '@staybook/domain/locale';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { TestProviders } from '../../../testing/providers';
import { sampleUser } from '../../../testing/samples';
import '../../../locales/es/catalog';
import { MessageComposer } from './message-composer';

afterEach(() => {
  setActiveLocale('en');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ANA = sampleUser({ id: 'ana', name: 'Ana', email: 'ana@example.com' });

const BOOKING_ID = '0c6f1a5e-1b7c-4c1e-9f5a-2d3b4c5d6e7f';

const answer = (status: number, body: unknown) => jsonResponse(body, status);

const SENT = { id: '1c6f1a5e-1b7c-4c1e-9f5a-2d3b4c5d6e7f', body: 'Hi', sentAt: '2030-01-01T10:00:00.000Z', fromMe: true, sender: { name: 'Ana', image: null }, readAt: null };

function renderComposer(fetch: (url: string, init: RequestInit) => Response, user: SessionUser | null = null) {
  const fetchMock = stubFetch(fetch);
  render(
    <TestProviders user={user}>
      <MessageComposer bookingId={BOOKING_ID} />
    </TestProviders>,
  );
  const field = screen.getByLabelText(/^(Message|Mensaje)$/) as HTMLTextAreaElement;
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [url, JSON.parse(init?.body as string)]);
  return { field, posts };
}

describe('MessageComposer', () => {
  it('keeps what is typed as a draft of this stay, restores it, and forgets it once sent or discarded', async () => {
    renderComposer(() => answer(201, SENT), ANA);
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'We arrive at nine' } });
    cleanup();

    const again = renderComposer(() => answer(201, SENT), ANA);
    expect(again.field.value).toBe('We arrive at nine');
    expect(screen.getByRole('status').textContent).toContain('Draft restored');
    fireEvent.keyDown(again.field, { key: 'Enter' });
    await waitFor(() => expect(again.field.value).toBe(''));
    cleanup();
    expect(renderComposer(() => answer(201, SENT), ANA).field.value).toBe('');
    cleanup();

    const typed = renderComposer(() => answer(201, SENT), ANA);
    fireEvent.input(typed.field, { target: { value: 'Never mind' } });
    cleanup();
    renderComposer(() => answer(201, SENT), ANA);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText('Draft restored')).toBeNull();
    cleanup();
    expect(renderComposer(() => answer(201, SENT), ANA).field.value).toBe('');
  });

  it('sends the trimmed text with Enter and clears the draft; Shift+Enter sends nothing', async () => {
    const { field, posts } = renderComposer(() => answer(201, SENT));
    fireEvent.input(field, { target: { value: '  Where is the key?' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(posts()).toEqual([]);
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(field.value).toBe(''));
    expect(posts()).toEqual([[`/api/booking/${BOOKING_ID}/messages`, { body: 'Where is the key?' }]]);
  });

  it('keeps the draft and says why when the server refuses it', async () => {
    const { field } = renderComposer(() =>
      answer(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 60 seconds.' } }),
    );
    fireEvent.input(field, { target: { value: 'Are towels provided?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many requests. Please try again in 60 seconds.')).toBeTruthy();
    expect(field.value).toBe('Are towels provided?');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a blank message and one over 2,000 characters before sending, and counts down near the limit', () => {
    const { field, posts } = renderComposer(() => answer(201, SENT));
    fireEvent.input(field, { target: { value: '   \n ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByText('Please write a message')).toBeTruthy();
    fireEvent.input(field, { target: { value: 'a'.repeat(1990) } });
    expect(screen.getByText('10 characters left')).toBeTruthy();
    fireEvent.input(field, { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByText('1 character too many')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('A message can be at most 2,000 characters')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('says why in Spanish on a Spanish page', () => {
    window.untranslatedMessages = [];
    setActiveLocale('es');
    const { field, posts } = renderComposer(() => answer(201, SENT));
    fireEvent.input(field, { target: { value: '   ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByText('Escribe un mensaje')).toBeTruthy();
    fireEvent.input(field, { target: { value: 'a'.repeat(2001) } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByText('Un mensaje puede tener como máximo 2000 caracteres')).toBeTruthy();
    expect(posts()).toEqual([]);
    expect(window.untranslatedMessages).toEqual([]);
  });
});
