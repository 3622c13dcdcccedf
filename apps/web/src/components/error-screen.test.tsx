import { setActiveLocale } from '@staybook/domain/locale';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../locales/es/catalog';
import { ErrorScreen } from './error-screen';

afterEach(cleanup);

function renderScreen() {
  render(
    <MemoryRouter>
      <ErrorScreen message="Room not found" onRetry={() => {}} />
    </MemoryRouter>,
  );
}

describe('ErrorScreen', () => {
  it('says what went wrong and offers the ways on', () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Something Went Wrong!' })).toBeTruthy();
    expect(screen.getByText('Here are some helpful links:')).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Try again', 'Go back', 'Take Me Home']);
  });

  it('speaks Spanish on a Spanish page, its links line included', () => {
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderScreen();
      expect(screen.getByText('Estos enlaces pueden ayudarte:')).toBeTruthy();
      expect(screen.getAllByRole('button')).toHaveLength(3);
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });
});
