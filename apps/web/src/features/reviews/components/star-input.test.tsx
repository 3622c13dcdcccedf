import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StarInput } from './star-input';

afterEach(cleanup);

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState<number | undefined>();
  return (
    <>
      <StarInput label="Cleanliness" name="cleanliness" value={value} onChange={setValue} error={error} />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('StarInput', () => {
  it('is a radio group named by its visible label, with five radios from 1 star to 5 stars', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Cleanliness' });
    expect(screen.getByText('Cleanliness')).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(radios.every((radio) => group.contains(radio) && (radio as HTMLInputElement).name === 'cleanliness')).toBe(true);
    expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it('takes the star chosen, and a later choice replaces it', () => {
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('4 stars'));
    expect((screen.getByLabelText('4 stars') as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('output')?.textContent).toBe('4');
    fireEvent.click(screen.getByLabelText('2 stars'));
    expect((screen.getByLabelText('2 stars') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('4 stars') as HTMLInputElement).checked).toBe(false);
    expect(document.querySelector('output')?.textContent).toBe('2');
  });

  it('says what is wrong under the stars and marks its radios invalid', () => {
    render(<Harness error="Please rate cleanliness from 1 to 5 stars" />);
    const group = screen.getByRole('radiogroup', { name: 'Cleanliness' });
    const note = document.getElementById(group.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe('Please rate cleanliness from 1 to 5 stars');
    expect(screen.getAllByRole('radio').every((radio) => radio.getAttribute('aria-invalid') === 'true')).toBe(true);
  });
});
