// One game, for a player, both players on one device, or a spectator. A thin controller: the
// game's connections feed the state reducer (game-state.js), whose view (game-view.js) the renderer
// (game-renderer.js) draws; the viewer's moves and buttons go to the server from the connection
// the server permitted them on. The effects the reducer asks for (sounds, notifications, fetches)
// are carried out here.
import { AnalysisPanel } from './analysis-panel.js';
import { fetchGame, loadSeat, pgnPath } from './api.js';
import { Attention } from './attention.js';
import { choose } from './chooser.js';
import { GameConnection } from './connection.js';
import { capitalize } from './dom.js';
import { seatFor } from './game-facts.js';
import { GameRenderer } from './game-renderer.js';
import { initialState, reduce } from './game-state.js';
import { gameView } from './game-view.js';
import { showLegend } from './legend.js';
import { movesBetween, parseMove } from './moves.js';
import { colorOf, kindOf } from './pieces.js';
import { ScreenReaderPanel } from './screen-reader-panel.js';
import { screenReader } from './screen-reader.js';
import { Sounds } from './sound.js';

class GamePage {
  constructor(main, { id, variant, seat, setConnectionStatus }) {
    this.id = id;
    this.variant = variant;
    this.seat = seat;
    this.setConnectionStatus = setConnectionStatus;
    const you = seat?.local ? 'both' : seat?.color ?? 'spectator';
    this.state = initialState({ variant, you });
    this.sounds = new Sounds();
    this.attention = new Attention();
    this.renderer = new GameRenderer(main, {
      page: this, gameId: id, pgnHref: pgnPath(id), variant, orientation: this.state.orientation,
      onMove: (from, to, how) => this.userMove(from, to, how),
    });
    this.ui = this.renderer.ui;
    this.social = this.renderer.social;
    this.hooks = [];  // other renderers of the same view (a text or speech one): render(view)
    // Screen reader mode: its own panel, told the server's messages and the view.
    this.blind = new ScreenReaderPanel(main.querySelector('aside.side'), {
      variant, you, submit: uci => this.sendMove(uci), askAny: () => this.act('any', { t: 'any' }),
      clock: () => this.view().clock,
      mute: [this.ui.status, this.ui.notice, this.ui.announcements, this.renderer.offers.panel],
    });
    this.sanOffer = null;  // {legal, san}: the SAN of the moves offered, asked for in that mode only
    this.analysis = new AnalysisPanel(main.querySelector('.controls.replay'), {
      gameId: id, moveList: this.ui.moveList, go: index => this.dispatch({ type: 'go', index }),
    });
    this.hooks.push(this.analysis);
    this.listen(main);
    this.connect();
    this.ticker = setInterval(() => this.renderer.tick(this.view()), 100);
  }

  view() {
    return gameView(this.state, performance.now());
  }

  // Another renderer of the view: called with it after every change.
  addRenderer(renderer) {
    this.hooks.push(renderer);
    renderer.render(this.view());
  }

  dispatch(input) {
    const { state, effects } = reduce(this.state, { at: performance.now(), ...input });
    this.state = state;
    for (const effect of effects) this.carryOut(effect);
    this.render();
  }

  carryOut(effect) {
    if (effect.sound) this.sounds.play(effect.sound);
    if (effect.notify) this.attention.notify(effect.notify);
    if (effect.titleNote && document.hidden) this.state = reduce(this.state, { type: 'title-note', text: effect.titleNote }).state;
    if (effect.connection) this.setConnectionStatus(effect.connection.status, { finished: effect.connection.finished });
    if (effect.keepSeat) this.social.keepSeatIn(effect.keepSeat);
    if (effect.follow) this.social.follow(effect.follow);
    if (effect.reloadFinished) this.reloadFinished();
    if (effect.loadWholeChat) this.loadWholeChat();
  }

  render() {
    const view = this.view();
    this.renderer.render(view);
    for (const hook of this.hooks) hook.render(view);
    this.tellScreenReader(view);
  }

  // --- screen reader mode ---

  tellScreenReader(view) {
    if (!this.stateHeard) return;  // the view before the server's state says nothing yet
    if (view.notice && view.notice !== this.noticeRead) this.blind.say(view.notice);
    this.noticeRead = view.notice;
    this.askSans(view.board.legal);
    this.blind.update({ status: view.status, statusLine: view.statusLine, legal: view.board.legal,
      offered: this.sanOffer, placement: view.board.placement, fog: view.board.fog });
  }

  // A server message as the screen reader reads it out; `before`: the view before it came.
  readOut(message, before) {
    const letterOn = uci => before.board.placement.get(parseMove(uci)?.from) ?? null;
    this.blind.received(message);
    if (message.t === 'joined') this.blind.joined(message.color);
    if (message.t === 'move' && message.move) this.blind.moved({ mover: before.turn, uci: message.move, san: message.san, letter: letterOn(message.move) });
    else if (message.t === 'move' && this.state.sight) this.blind.movedUnseen(before.turn, this.view().board.changed);
    if (message.t === 'umpire') this.blind.heard(message, message.move ? letterOn(message.move) : null);
    if (message.t === 'end') this.blind.ended(this.view().statusLine);
  }

  // Typed moves complete in SAN: the game resource carries `legal_san` beside `legal` (the events
  // do not, so that nobody else pays for it on every move). Asked once for each list of moves.
  async askSans(legal) {
    const key = legal.join(' ');
    if (!screenReader.on || this.variant.board_hidden || !legal.length || key === this.sansAskedFor) return;
    this.sansAskedFor = key;
    try {
      const game = await fetchGame(this.id, this.token());
      if (game.legal?.join(' ') === key && game.legal_san) {
        this.sanOffer = { legal: game.legal, san: game.legal_san };
        this.render();
      }
    } catch {
      this.sansAskedFor = null;  // asked again at the next change
    }
  }

  // --- connection ---

  connect() {
    const open = (seatName, token) => new GameConnection(this.id, token, {
      onMessage: message => {
        const before = this.view();
        this.dispatch({ type: 'message', seat: seatName, message });
        if (seatName !== (this.state.local ? 'white' : you)) return;
        this.readOut(message, before);
        if (message.t === 'state' && !this.stateHeard) {
          this.stateHeard = true;
          this.render();  // the screen reader's first view: dispatch drew before it could speak
        }
      },
      onStatus: status => this.dispatch({ type: 'connection', seat: seatName, status }),
    });
    const you = this.state.you;
    this.connections = this.state.local
      ? { white: open('white', this.seat.tokens.white), black: open('black', this.seat.tokens.black) }
      : { [you]: open(you, this.seat?.token) };
  }

  // Whether the message went out on `seatName`'s connection; if not, the viewer is told.
  send(message, seatName) {
    if (seatName && this.connections[seatName]?.send(message)) return true;
    this.showNotice(seatName ? 'Not connected: wait for the connection to come back.' : 'That is not possible now.');
    return false;
  }

  // Sends on the connection the server permits `action` on.
  act(action, message) {
    return this.send(message, seatFor(this.state, action));
  }

  showNotice(text) {
    this.dispatch({ type: 'notice', text });
  }

  token() {
    return this.seat?.local ? this.seat.tokens.white : this.seat?.token;
  }

  // A finished Kriegspiel game is public: fetch it whole (moves, SAN, every try) to replay it.
  async reloadFinished() {
    try {
      this.dispatch({ type: 'finished-game', game: await fetchGame(this.id, this.token()) });
    } catch {
      this.showNotice('The finished game could not be loaded: reload the page to replay it.');
    }
  }

  // Once the game is over both chats are everyone's: fetched whole for the replay.
  async loadWholeChat() {
    try {
      this.dispatch({ type: 'whole-chat', chat: (await fetchGame(this.id, this.token())).chat });
    } catch {
      this.showNotice('The chat of the finished game could not be loaded: reload the page to see it.');
    }
  }

  // --- moving ---

  async userMove(from, to, { dragged }) {
    const view = this.view();
    if (view.board.premoving) return this.premove({ from, to });
    const candidates = movesBetween(view.board.legal, from, to);
    if (!candidates.length) return;
    let uci = candidates[0];
    if (candidates.length > 1) {
      uci = await this.chooseBetween(view.board.placement, from, to, candidates);
      if (!uci) {
        this.render();
        return;
      }
    }
    this.sendMove(uci, { dragged });
  }

  sendMove(uci, { dragged = false } = {}) {
    const seat = seatFor(this.state, 'move');
    // A move typed while the server permits none: what it would answer, without asking it.
    if (!seat) return this.showNotice(this.state.status === 'playing' ? 'It is not your turn.' : 'That is not possible now.');
    if (!this.send({ t: 'move', move: uci, ply: this.state.facts[seat]?.ply }, seat)) {
      this.dispatch({ type: 'unsent', text: 'You are not connected, so the move was not sent: it is undone. Play it again once the connection is back.' });
      return;
    }
    const { from, to } = parseMove(uci);
    this.renderer.animateNext = !dragged;
    this.dispatch({ type: 'sent-move', uci, from, to });
  }

  chooseBetween(placement, from, to, candidates) {
    const moving = placement.get(from);
    const turning = Boolean(kindOf(moving, this.variant.pieces)?.turns_to?.length);
    const cased = letter => (colorOf(moving) === 'white' ? letter.toUpperCase() : letter.toLowerCase());
    const seen = new Set();
    const options = [];
    for (const uci of candidates) {
      const { suffix } = parseMove(uci);
      const letter = suffix ? cased(suffix) : moving;
      if (seen.has(letter)) continue;
      seen.add(letter);
      const name = kindOf(letter, this.variant.pieces)?.name ?? letter;
      const label = turning ? `Become ${name}` : suffix ? capitalize(name) : `Keep the ${name}`;
      options.push({ move: uci, letter, label });
    }
    return choose(this.renderer.board, to, turning ? 'Facing' : 'Promote to', options);
  }

  premove(move) {
    this.dispatch({ type: 'premove', move });
    this.act('premove', { t: 'premove', move: move.from + move.to });
  }

  cancelPremove() {
    if (!this.state.premove) return;
    this.dispatch({ type: 'premove', move: null });
    this.send({ t: 'premove', move: null }, this.state.you);
  }

  // --- viewer actions ---

  listen(main) {
    const ui = this.ui;
    const go = index => this.dispatch({ type: 'go', index });
    const shown = () => this.view().board.index;
    const last = () => this.state.history.length - 1;
    const answer = (kind, t) => () => this.send({ t }, this.view().offers[kind]?.[t.endsWith('decline') ? 'decline' : 'accept']);
    const actions = {
      'copy-invite': () => this.copyInvite(),
      first: () => go(0), previous: () => go(shown() - 1), next: () => go(shown() + 1), last: () => go(last()),
      present: () => go(last()),
      flip: () => this.dispatch({ type: 'flip' }),
      pin: () => this.dispatch({ type: 'pin' }),
      legend: () => showLegend(this.variant),
      sound: () => { this.sounds.setEnabled(!this.sounds.enabled); this.render(); },
      notify: async () => { await this.attention.setEnabled(!this.attention.enabled); this.render(); },
      abort: () => this.act('abort', { t: 'abort' }),
      resign: () => this.confirmResign(),
      any: () => this.act('any', { t: 'any' }),
      draw: () => this.send({ t: 'draw' }, this.view().controls.draw.seat),
      takeback: () => this.act('takeback', { t: 'takeback' }),
      'accept-draw': answer('draw', 'draw'), 'decline-draw': answer('draw', 'draw_decline'),
      'accept-takeback': answer('takeback', 'takeback'), 'decline-takeback': answer('takeback', 'takeback_decline'),
      'cancel-premove': () => this.cancelPremove(),
      // The server said when the claim comes within reach (`claim_ms`); the view counted down.
      'claim-victory': () => this.send({ t: 'claim', result: 'victory' }, this.view().claim?.ready ? this.state.you : null),
      'claim-draw': () => this.send({ t: 'claim', result: 'draw' }, this.view().claim?.ready ? this.state.you : null),
      'claim-wait': () => this.dispatch({ type: 'claim-wait' }),
    };
    main.addEventListener('change', event => {
      if (event.target.name === 'perspective') this.dispatch({ type: 'perspective', side: event.target.value });
    });
    main.addEventListener('click', event => {
      const action = event.target.closest('button[data-action]')?.dataset.action;
      if (action && actions[action]) actions[action]();
    });
    this.keyListener = event => {
      if (event.target.closest?.('input, select, textarea') || event.altKey || event.ctrlKey || event.metaKey) return;
      const keyActions = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last', f: 'flip' };
      const action = keyActions[event.key];
      if (!action || (event.target.closest?.('.board-svg') && action !== 'flip')) return;
      event.preventDefault();
      actions[action]();
    };
    document.addEventListener('keydown', this.keyListener);
    this.visibilityListener = () => {
      if (!document.hidden && this.state.titleNote) this.dispatch({ type: 'seen' });
    };
    document.addEventListener('visibilitychange', this.visibilityListener);
    ui.resign.addEventListener('blur', () => this.disarmResign());
  }

  confirmResign() {
    if (this.resignArmed) {
      this.disarmResign();
      this.act('resign', { t: 'resign' });
      return;
    }
    this.resignArmed = true;
    this.ui.resign.textContent = 'Really resign?';
  }

  disarmResign() {
    this.resignArmed = false;
    this.ui.resign.textContent = 'Resign';
  }

  async copyInvite() {
    const input = this.ui.inviteInput;
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand('copy');
    }
    this.ui.copyInvite.textContent = 'Copied';
  }

  destroy() {
    clearInterval(this.ticker);
    this.analysis.destroy();
    this.blind.destroy();
    document.removeEventListener('keydown', this.keyListener);
    document.removeEventListener('visibilitychange', this.visibilityListener);
    for (const connection of Object.values(this.connections)) connection.close();
  }
}

// Opens /game/<id>: with the seat this browser holds for it, if any, else as a spectator.
export async function showGame(main, id, { variants, setConnectionStatus }) {
  const seat = loadSeat(id);
  const token = seat?.local ? seat.tokens.white : seat?.token;
  const game = await fetchGame(id, token);
  const variant = variants.find(v => v.name === game.variant);
  if (!variant) throw new Error(`This server does not know the variant "${game.variant}".`);
  return new GamePage(main, { id, variant, seat, setConnectionStatus });
}
