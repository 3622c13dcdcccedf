import { Suspense, useState, type ReactNode } from 'react';

/**
 * Hydration in turns (issue 36, decision 067): taking over a painted page in one task blocked a phone's main thread
 * for a third of a second, and a tap in that time waited for all of it. The parts a person reaches for first (the
 * header, the search, a room's gallery) hydrate at once; each part wrapped in `HydrateLater` (a card of the list)
 * keeps its painted HTML, links working as links, and hydrates in a task of its own afterwards, in page order, so
 * input between two turns is answered at once.
 *
 * It rides on Preact's suspended hydration: a component that suspends while hydrating keeps its DOM, and hydrates
 * it when its promise settles. Preact keeps exactly one node for it (there are no boundary markers in our server's
 * HTML), so what `HydrateLater` wraps must render a single element.
 */

interface Turn {
  ready: boolean;
  promise: Promise<void>;
}

let hydrating = false;
/** The parts waiting for their turn, in the order they were met (the page's order). */
const waiting: Array<() => void> = [];
let channel: MessageChannel | undefined;
/** What a person does that must reach a hydrated page: it hydrates every waiting part before its click or key. */
const FIRST_TOUCH = ['pointerdown', 'focusin', 'keydown'] as const;

/** The last button pressed on the painted page before the app took it over (a link or a form works without it). */
let earlyPress: HTMLElement | null = null;
const keepPress = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button[type="button"]') : null;
  if (button) earlyPress = button;
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** What a changed control held (its text, its choice, or whether it is ticked) and the events it fired, in order. */
interface EarlyChange {
  value: string;
  checked: boolean;
  types: Set<string>;
}
/** The form controls changed on the painted page before the app took it over. */
const earlyChanges = new Map<Control, EarlyChange>();
const CHANGE_EVENTS = ['input', 'change'] as const;
const keepChange = (event: Event) => {
  const control = event.target;
  if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement)) return;
  const types = earlyChanges.get(control)?.types ?? new Set<string>();
  types.add(event.type);
  earlyChanges.delete(control);
  earlyChanges.set(control, { value: control.value, checked: control instanceof HTMLInputElement && control.checked, types });
};

declare global {
  interface Window {
    /**
     * The presses and changes made on the painted page before the app's code ran, kept by the page's one inline
     * script (index.html) until `keepEarlyInput` takes them over; `stop` ends the keeping.
     */
    earlyInput?: Event[] & { stop: () => void };
  }
}

/**
 * Until the app takes the painted page over, a press on one of its buttons (a heart, a menu) is kept, and pressed
 * again once the page is hydrated; so is a change to a field or a list (the footer's language): hydration keeps what
 * the field holds, and the app is told of it. Nothing done on a page that looked ready is lost. What was done before
 * the app's code ran at all, on a slow connection, the page's inline script kept (decision 071): it is taken over
 * here, in the order it was done, as if this had seen it.
 */
export function keepEarlyInput(root: HTMLElement): void {
  const before = window.earlyInput;
  if (before) {
    before.stop();
    delete window.earlyInput;
    for (const event of before) {
      if (event.target instanceof Node && root.contains(event.target)) (event.type === 'click' ? keepPress : keepChange)(event);
    }
  }
  root.addEventListener('click', keepPress, { capture: true });
  for (const type of CHANGE_EVENTS) root.addEventListener(type, keepChange, { capture: true });
}

/** The page was not hydrated after all (the app drew it anew): what was pressed or changed is gone with it. */
export function forgetEarlyInput(root: HTMLElement): void {
  root.removeEventListener('click', keepPress, { capture: true });
  for (const type of CHANGE_EVENTS) root.removeEventListener(type, keepChange, { capture: true });
  earlyPress = null;
  earlyChanges.clear();
}

/**
 * Tells the hydrated page of each change made before it: the control is given back what it held (hydration may have
 * written the painted text over a text area's) and fires the same events, so the app's state takes it.
 */
function replayChanges(changes: Map<Control, EarlyChange>): void {
  for (const [control, change] of changes) {
    if (!control.isConnected) continue;
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) control.checked = change.checked;
    else if (control.type !== 'file') control.value = change.value;
    for (const type of CHANGE_EVENTS) if (change.types.has(type)) control.dispatchEvent(new Event(type, { bubbles: true }));
  }
}

/**
 * Hydrates the page with `hydrate` (a synchronous `hydrateRoot`), then gives each part left for later a task of its
 * own. A message rather than a timer: timers nested this deep wait 4 ms each. Should the person press, tap, focus
 * or type before every part has had its turn, all the rest hydrate at once, before that press becomes a click: a
 * card's link then opens its room in the app and a heart saves, as on a page fully taken over.
 */
export function hydrateInTurns(root: HTMLElement, hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  const pressed = earlyPress;
  const changes = new Map(earlyChanges);
  forgetEarlyInput(root);
  if (pressed || changes.size > 0) {
    // Answered by a hydrated page: every part now, the changes and the press once their renders are done.
    hydrateTheRest();
    setTimeout(() => {
      replayChanges(changes);
      if (pressed?.isConnected) pressed.click();
    });
    return;
  }
  if (waiting.length === 0) return;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = takeTurn;
  }
  for (const type of FIRST_TOUCH) document.addEventListener(type, hydrateTheRest, { capture: true });
  channel.port2.postMessage(null);
}

function takeTurn(): void {
  waiting.shift()?.();
  if (waiting.length > 0) channel?.port2.postMessage(null);
  else stopListening();
}

/** Every waiting part hydrates now: their renders run as microtasks, before the event that asked goes on. */
function hydrateTheRest(): void {
  for (const ready of waiting.splice(0)) ready();
  stopListening();
}

function stopListening(): void {
  for (const type of FIRST_TOUCH) document.removeEventListener(type, hydrateTheRest, { capture: true });
}

function turnIfHydrating(): Turn | null {
  if (!hydrating) return null;
  let settle!: () => void;
  const turn: Turn = { ready: false, promise: new Promise<void>((resolve) => (settle = resolve)) };
  waiting.push(() => {
    turn.ready = true;
    settle();
  });
  return turn;
}

/**
 * Its child hydrates after the rest of the page, in a task of its own. Rendered any other way (on the server, or
 * drawn by the app) it is its child, at once. The child must render a single element.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [turn] = useState(turnIfHydrating);
  return (
    <Suspense fallback={null}>
      <AfterTurn turn={turn}>{children}</AfterTurn>
    </Suspense>
  );
}

function AfterTurn({ turn, children }: { turn: Turn | null; children: ReactNode }) {
  if (turn && !turn.ready) throw turn.promise;
  return children;
}
