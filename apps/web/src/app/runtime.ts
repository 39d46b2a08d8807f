import { options } from 'preact';

/** Preact's own fallback when a frame never comes (a hidden tab): effects still run within this. */
const HIDDEN_TAB_MS = 35;

/**
 * Effects (subscriptions, listeners) run in the frame that first paints their component instead of a
 * task after it, so a click on anything on screen always finds them in place. React gets the same by
 * running pending effects before it handles a click; Preact would otherwise drop a mutation's
 * per-call callbacks (a toast) for a click in the few milliseconds after a component first shows.
 */
export function runEffectsBeforePaint(schedule: (flush: () => void) => void = inFrame) {
  options.requestAnimationFrame = schedule;
}

function inFrame(flush: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    flush();
  };
  requestAnimationFrame(run);
  setTimeout(run, HIDDEN_TAB_MS);
}
