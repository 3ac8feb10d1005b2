// Getting the player's attention when the tab is not in front: an optional browser notification
// when it is their move or their opponent joined (asked for once, remembered in this browser).

const KEY = 'arbiter.notify';
const supported = () => typeof Notification !== 'undefined';

export class Attention {
  constructor() {
    this.enabled = supported() && localStorage.getItem(KEY) === 'on' && Notification.permission === 'granted';
  }

  get available() {
    return supported() && Notification.permission !== 'denied';
  }

  // Resolves to whether notifications are on now (the browser may refuse them).
  async setEnabled(enabled) {
    if (enabled && supported() && Notification.permission !== 'granted') await Notification.requestPermission();
    this.enabled = enabled && supported() && Notification.permission === 'granted';
    localStorage.setItem(KEY, this.enabled ? 'on' : 'off');
    return this.enabled;
  }

  // Shown only while the page is out of sight: in front, the page itself says it.
  notify(text) {
    if (!this.enabled || !document.hidden) return;
    const notification = new Notification('Arbiter', { body: text, tag: 'arbiter-game' });
    notification.onclick = () => { window.focus(); notification.close(); };
  }
}
