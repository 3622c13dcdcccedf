import { useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import { HydrateLater, hydrateInTurns, keepEarlyInput } from './hydrate-later';

// Hydration in turns is Preact's suspended hydration, the app's runtime (decision 023): this file runs on Preact,
// where the other component tests run on React.
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/compat/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/compat/jsx-dev-runtime'));
vi.mock('react-dom/client', () => import('preact/compat/client'));
vi.mock('react-dom/server', () => import('preact/compat/server'));

/** Lets every queued task run: each part's turn is a task of its own. */
async function afterTurns(): Promise<void> {
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

function Counter({ name, onMount }: { name: string; onMount: (name: string) => void }) {
  const [count, setCount] = useState(0);
  useEffect(() => onMount(name), [name, onMount]);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function Page({ onMount }: { onMount: (name: string) => void }) {
  return (
    <main>
      <Counter name="search" onMount={onMount} />
      <ul>
        <HydrateLater>
          <li>
            <Counter name="first card" onMount={onMount} />
          </li>
        </HydrateLater>
        <HydrateLater>
          <li>
            <Counter name="second card" onMount={onMount} />
          </li>
        </HydrateLater>
      </ul>
      <p>after the list</p>
    </main>
  );
}

/** A list and a text area, as the footer's language and a form's note. */
function Form() {
  const [language, setLanguage] = useState('en');
  const [note, setNote] = useState('');
  return (
    <form>
      <select aria-label="Language" value={language} onChange={(event) => setLanguage(event.currentTarget.value)}>
        <option value="en">English</option>
        <option value="es">Español</option>
      </select>
      <textarea aria-label="Note" value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <output>
        {language}: {note}
      </output>
    </form>
  );
}

const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((element) => element.textContent?.startsWith(name))!;

/**
 * Runs the page's one inline script (index.html), as the browser does before the app's code: from here it keeps
 * what is pressed or changed in the document.
 */
function runPageScript(): void {
  const [, code] = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)!;
  new Function(code!)();
}

let container: HTMLElement;
afterEach(() => container?.remove());

/** The page as the server paints it, put in the document. */
function paint(onMount: (name: string) => void): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page onMount={onMount} />);
  document.body.append(container);
  return container;
}

describe('hydration in turns', () => {
  it('takes the painted page over at once, then each part left for later in page order, keeping every painted node', async () => {
    const mounted: string[] = [];
    const onMount = (name: string) => mounted.push(name);
    paint(onMount);
    const nodes = [...container.querySelectorAll('*')];

    hydrateInTurns(container, () => hydrateRoot(container, <Page onMount={onMount} />));

    // The page's own part answers at once (its re-render is a microtask); the cards are painted and wait for tasks.
    button(container, 'search').click();
    button(container, 'first card').click();
    for (let step = 0; step < 5; step++) await Promise.resolve();
    expect(button(container, 'search').textContent).toBe('search 1');
    expect(button(container, 'first card').textContent).toBe('first card 0');
    expect(container.querySelectorAll('li')).toHaveLength(2);

    await afterTurns();
    expect(mounted).toEqual(['search', 'first card', 'second card']);
    button(container, 'first card').click();
    button(container, 'second card').click();
    await vi.waitFor(() => expect(button(container, 'second card').textContent).toBe('second card 1'));
    expect(button(container, 'first card').textContent).toBe('first card 1');
    // Hydrated, not drawn again: the same elements, in the same places.
    expect([...container.querySelectorAll('*')]).toEqual(nodes);
    expect(container.querySelector('p')?.textContent).toBe('after the list');
  });

  it('hydrates every waiting part the moment the person presses, so the press lands on a hydrated page', async () => {
    const mounted: string[] = [];
    const onMount = (name: string) => mounted.push(name);
    paint(onMount);

    hydrateInTurns(container, () => hydrateRoot(container, <Page onMount={onMount} />));
    const second = button(container, 'second card');
    second.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    for (let step = 0; step < 5; step++) await Promise.resolve();
    // No task has run since the press: the click that follows it is answered.
    second.click();
    for (let step = 0; step < 5; step++) await Promise.resolve();
    expect(button(container, 'second card').textContent).toBe('second card 1');
    expect(button(container, 'second card')).toBe(second);
  });

  it('presses again, once the page is hydrated, a button pressed on the painted page before the app took it over', async () => {
    const mounted: string[] = [];
    const onMount = (name: string) => mounted.push(name);
    paint(onMount);
    keepEarlyInput(container);
    button(container, 'second card').click();

    hydrateInTurns(container, () => hydrateRoot(container, <Page onMount={onMount} />));
    await vi.waitFor(() => expect(button(container, 'second card').textContent).toBe('second card 1'));
    expect(button(container, 'search').textContent).toBe('search 0');
    await afterTurns();
    expect(button(container, 'second card').textContent).toBe('second card 1');
  });

  // The app keeps input from its first run; before that, the page's own inline script keeps it (decision 071).
  it.each([
    ['before the app took it over', 'app'],
    ["before the app's code ran", 'page script'],
  ] as const)('tells the hydrated page of a list chosen and a text typed on the painted page %s', async (_when, keptBy) => {
    if (keptBy === 'page script') runPageScript();
    container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    if (keptBy === 'app') keepEarlyInput(container);
    const select = container.querySelector('select')!;
    select.value = 'es';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const note = container.querySelector('textarea')!;
    note.value = 'Late arrival';
    note.dispatchEvent(new Event('input', { bubbles: true }));

    if (keptBy === 'page script') keepEarlyInput(container);
    hydrateInTurns(container, () => hydrateRoot(container, <Form />));
    await vi.waitFor(() => expect(container.querySelector('output')!.textContent).toBe('es: Late arrival'));
    expect(select.value).toBe('es');
    expect(note.value).toBe('Late arrival');
  });

  it("takes over what was pressed and changed on the painted page before the app's code ran, as the page's script kept it", async () => {
    const mounted: string[] = [];
    const onMount = (name: string) => mounted.push(name);
    runPageScript();
    paint(onMount);
    const elsewhere = document.createElement('button');
    elsewhere.type = 'button';
    document.body.append(elsewhere);
    button(container, 'first card').click();
    button(container, 'second card').click();
    // Outside the app's root: not the app's to press.
    elsewhere.click();
    elsewhere.remove();

    keepEarlyInput(container);
    expect(window.earlyInput).toBeUndefined();
    hydrateInTurns(container, () => hydrateRoot(container, <Page onMount={onMount} />));
    // The last press is pressed again, once.
    await vi.waitFor(() => expect(button(container, 'second card').textContent).toBe('second card 1'));
    await afterTurns();
    expect(button(container, 'first card').textContent).toBe('first card 0');
    expect(button(container, 'second card').textContent).toBe('second card 1');
  });

  it('draws the parts at once when the app draws the page itself', async () => {
    const mounted: string[] = [];
    container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(<Page onMount={(name) => mounted.push(name)} />);
    await vi.waitFor(() => expect(mounted).toEqual(['search', 'first card', 'second card']));
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });
});
