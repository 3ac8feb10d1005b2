// Sounds for moves, captures, check, the end of a game and low time, made by the Web Audio API
// (no sound files). Switched on or off by the player and remembered in this browser.

const KEY = 'arbiter.sound';

// Each sound: tones of [frequency Hz, start s, length s].
const TONES = {
  move: [[520, 0, .05]],
  capture: [[330, 0, .07], [220, .05, .09]],
  check: [[660, 0, .08], [880, .1, .1]],
  end: [[523, 0, .14], [659, .13, .14], [784, .26, .3]],
  lowTime: [[880, 0, .06], [880, .14, .06]],
  notify: [[700, 0, .07], [1050, .09, .1]],
};

export class Sounds {
  constructor() {
    this.enabled = localStorage.getItem(KEY) !== 'off';
    this.context = null;
  }

  setEnabled(enabled) {
    this.enabled = enabled;
    localStorage.setItem(KEY, enabled ? 'on' : 'off');
  }

  play(name) {
    if (!this.enabled || !TONES[name] || typeof AudioContext === 'undefined') return;
    this.context ??= new AudioContext();
    const context = this.context, now = context.currentTime;
    for (const [frequency, start, length] of TONES[name]) {
      const oscillator = context.createOscillator(), gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(.18, now + start + .01);
      gain.gain.exponentialRampToValueAtTime(.0001, now + start + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + .02);
    }
  }
}
