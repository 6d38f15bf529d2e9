// Step controls for one example: which step is shown, play/pause, and the address bar.
// A step is addressed as #EXAMPLEID-step-N (N from 0, the position before the first move);
// moving through the steps rewrites that hash with history.replaceState (no scroll, no new
// history entry).

export const PLAY_INTERVAL_MS = 1400;

/** @param {string} exampleId */
export function stepFromHash(exampleId, hash = location.hash) {
  const prefix = `#${exampleId}-step-`;
  if (!hash.startsWith(prefix)) return null;
  const digits = hash.slice(prefix.length);
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/** @param {string} exampleId @param {number} index */
export function writeHash(exampleId, index) {
  const url = new URL(location.href);
  url.hash = `${exampleId}-step-${index}`;
  history.replaceState(history.state, "", url);
}

export class Player {
  /** onShow(index) draws step `index`; onPlaying(bool) reflects play/pause.
   * @param {{count: number, onShow: (index: number) => void,
   *          onPlaying: (playing: boolean) => void}} options */
  constructor({ count, onShow, onPlaying }) {
    this.count = count;
    this.index = 0;
    this.onShow = onShow;
    this.onPlaying = onPlaying;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
  }

  get last() {
    return this.count - 1;
  }

  get playing() {
    return this.timer !== null;
  }

  /** @param {number} count @param {number} index */
  reset(count, index) {
    this.pause();
    this.count = count;
    this.show(index);
  }

  /** @param {number} index */
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
    if (this.timer === null) return; // not playing
    clearInterval(this.timer);
    this.timer = null;
    this.onPlaying(false);
  }
}
