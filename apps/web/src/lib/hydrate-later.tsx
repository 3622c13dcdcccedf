import { Suspense, useState, type ReactNode } from 'react';

/**
 * Hydration in turns (issue 36, decision 067): taking over a painted page in one task blocked a phone's main thread
 * for a third of a second, and a tap in that time waited for all of it. The parts a person reaches for first (the
 * header, the search, the categories) hydrate at once; each part wrapped in `HydrateLater` (a card of the list)
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

/**
 * Hydrates the page with `hydrate` (a synchronous `hydrateRoot`), then gives each part left for later a task of its
 * own. A message rather than a timer: timers nested this deep wait 4 ms each. Should the person press, tap, focus
 * or type before every part has had its turn, all the rest hydrate at once, before that press becomes a click: a
 * card's link then opens its room in the app and a heart saves, as on a page fully taken over.
 */
export function hydrateInTurns(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
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
