// Step controls for one example: which step is shown, play/pause, and the address bar.
// A step is addressed as #EXAMPLEID-step-N (N from 0, the position before the first move);
// moving through the steps rewrites that hash with history.replaceState (no scroll, no new
// history entry).

export const PLAY_INTERVAL_MS = 1400;

export function stepFromHash(exampleId, hash = location.hash) {
  const prefix = `#${exampleId}-step-`;
  if (!hash.startsWith(prefix)) return null;
  const digits = hash.slice(prefix.length);
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

export function writeHash(exampleId, index) {
  const url = new URL(location.href);
  url.hash = `${exampleId}-step-${index}`;
  history.replaceState(history.state, "", url);
}

export class Player {
  /** onShow(index) draws step `index`; onPlaying(bool) reflects play/pause. */
  constructor({ count, onShow, onPlaying }) {
    this.count = count;
    this.index = 0;
    this.onShow = onShow;
    this.onPlaying = onPlaying;
    this.timer = null;
  }

  get last() {
    return this.count - 1;
  }

  get playing() {
    return this.timer !== null;
  }

  reset(count, index) {
    this.pause();
    this.count = count;
    this.show(index);
  }

  show(index) {
    this.index = Math.max(0, Math.min(this.last, index));
    this.onShow(this.index);
  }

  restart() {
    this.pause();
    this.show(0);
  }

  back() {
    this.pause();
    this.show(this.index - 1);
  }

  forward() {
    this.pause();
    this.show(this.index + 1);
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  /** Plays on from the step shown. The first move comes at once (the next step, or the
   * first one again from the end) unless `now` is false: after a Run, whose first step has
   * just been drawn. */
  play(now = true) {
    if (this.playing) return;
    if (this.index >= this.last) this.show(0);
    else if (now) this.show(this.index + 1);
    if (this.index >= this.last) return; // a single step: nothing to play
    this.timer = setInterval(() => {
      if (this.index >= this.last) this.pause();
      else this.show(this.index + 1);
    }, PLAY_INTERVAL_MS);
    this.onPlaying(true);
  }

  pause() {
    if (!this.playing) return;
    clearInterval(this.timer);
    this.timer = null;
    this.onPlaying(false);
  }
}
