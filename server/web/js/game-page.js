// One game, for a player, both players on one device, or a spectator: it keeps the game as the
// server tells it, shows it, and sends the viewer's moves and actions.
import { fetchGame, loadSeat, pgnPath } from './api.js';
import { Attention } from './attention.js';
import { Board } from './board.js';
import { choose } from './chooser.js';
import { Clocks, formatClock } from './clock.js';
import { GameConnection } from './connection.js';
import { capitalize, h, otherColor } from './dom.js';
import { parsePlacement, sideToMove } from './fen.js';
import { FirstMove } from './first-move.js';
import { buildGameLayout } from './game-layout.js';
import { geometryFor } from './geometry.js';
import { KriegspielLog } from './kriegspiel.js';
import { showLegend } from './legend.js';
import { renderMoveList } from './movelist.js';
import { destinations, movesBetween, parseMove } from './moves.js';
import { OFFER_ERRORS, Offers } from './offers.js';
import { colorOf, kindOf } from './pieces.js';
import { GameSocial } from './social.js';
import { Sounds } from './sound.js';
import { Premoves } from './premove.js';
import { Presence } from './presence.js';
import { ScreenReaderPanel } from './screen-reader-panel.js';

const REASONS = {
  checkmate: 'by checkmate', stalemate: 'by stalemate', repetition: 'by threefold repetition',
  fifty_moves: 'by the fifty-move rule', insufficient_material: 'by insufficient material',
  resign: 'by resignation', agreement: 'by agreement', timeout: 'on time', abort: 'aborted',
  abandoned: 'as the opponent left', expired: 'nobody joined in time',
  king_captured: 'by capturing the king', bare_king: 'by baring the king',
};

const RESULTS = { '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'Draw', '*': 'Game aborted' };

// "5 + 3" (minutes + seconds a move), "Untimed".
function timeControl(clock) {
  if (!clock) return 'Untimed';
  const minutes = clock.initial_ms / 60000;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} + ${clock.increment_ms / 1000}`;
}

// Below this much time left a player's clock turns red and warns once.
const lowTimeMs = clock => Math.min(10000, clock.initial_ms * .2);

const ERRORS = {
  illegal_move: 'That move is not legal.', not_your_turn: 'It is not your turn.',
  stale_ply: 'The game moved on; the board is up to date again.', game_over: 'The game is over.',
  nonsense: 'That try is impossible on your own board.', rate_limited: 'Slow down a little.',
  ...OFFER_ERRORS,
};

class GamePage {
  constructor(main, { id, variant, seat, setConnectionStatus }) {
    this.id = id;
    this.variant = variant;
    this.geometry = geometryFor(variant.board);
    this.local = Boolean(seat?.local);
    this.you = this.local ? 'both' : seat?.color ?? 'spectator';
    this.seat = seat;
    this.setConnectionStatus = setConnectionStatus;

    this.status = 'waiting';
    this.history = [{ placement: new Map(), mover: null, move: null, fen: null }];
    this.sans = [];
    this.turn = 'white';
    this.viewing = null;  // the index of a past position shown, or null for the present
    this.pinned = false;  // stay on the past position shown when a move comes
    this.doubleMoves = [];
    this.legalBySeat = {};
    this.positionV = null;
    this.pending = null;  // {uci, from, to, placement}: a move sent, not yet confirmed
    this.computer = null;
    this.clocks = new Clocks();
    this.lowTimeWarned = {};
    this.kriegspiel = new KriegspielLog(this.you, variant.pieces);
    this.sounds = new Sounds();
    this.attention = new Attention();

    this.ui = buildGameLayout(main, { gameId: id, pgnHref: pgnPath(id) });
    main.querySelector('.game').classList.toggle('with-umpire-bar', Boolean(variant.hidden));
    this.board = new Board(this.ui.boardHost, {
      geometry: this.geometry, pieces: variant.pieces, interactive: true,
      orientation: this.you === 'black' ? 'black' : 'white',
      onMove: (from, to, how) => this.userMove(from, to, how),
      label: `${variant.title ?? variant.name} board`,
    });
    this.social = new GameSocial(this, main.querySelector('aside.side'));
    this.addConventions();
    // screen reader mode: its own panel, told of the game through the `this.blind` calls below.
    this.blind = new ScreenReaderPanel(main.querySelector('aside.side'), {
      variant, you: this.you, submit: uci => this.sendMove(uci), askAny: () => this.send({ t: 'any' }),
      clock: () => (this.clocks.timed ? { ...this.clocks.now(), running: this.status === 'playing' ? this.clocks.running : null } : null),
      mute: [this.ui.status, this.ui.notice, this.ui.announcements, this.offers.panel],
    });
    this.listen(main);
    this.connect();
    this.ticker = setInterval(() => {
      this.renderClocks();
      for (const part of this.parts) part.tick?.();
    }, 100);
  }

  get hidden() {
    return Boolean(this.variant.hidden) && this.status !== 'finished';
  }

  get isPlayer() {
    return this.you !== 'spectator';
  }

  // Lichess's conventions, each its own part: offers, premoves, presence, the first-move wait.
  addConventions() {
    const ui = this.ui;
    this.offers = new Offers(this);
    this.premoves = new Premoves(this);
    this.presence = new Presence(this);
    this.firstMove = new FirstMove(this);
    this.parts = [this.offers, this.premoves, this.presence, this.firstMove];
    ui.status.after(this.firstMove.line);
    ui.invite.after(this.presence.panel, this.offers.panel, this.premoves.line);
    ui.bottomPlayer.after(this.premoves.hint);
    ui.draw.after(this.offers.takebackButton);
  }

  // --- connection ---

  connect() {
    const statuses = {};
    const report = (seatName, status) => {
      statuses[seatName] = status;
      this.online = !Object.values(statuses).includes('offline');
      if (!this.online && this.pending) this.undoPending('The connection dropped before the server confirmed your move: once it is back, the board shows whether it was played.');
      this.showConnection();
    };
    const open = (seatName, token) => new GameConnection(this.id, token, {
      onMessage: message => this.receive(message, seatName),
      onStatus: status => report(seatName, status),
    });
    this.connections = this.local
      ? { white: open('white', this.seat.tokens.white), black: open('black', this.seat.tokens.black) }
      : { [this.you]: open(this.you, this.seat?.token) };
    this.primary = this.local ? 'white' : this.you;
  }

  showConnection() {
    this.setConnectionStatus(this.online === false ? 'offline' : 'online', { finished: this.status === 'finished' });
  }

  // Whether the message went out; if not, the viewer is told.
  send(message, seatName = this.local ? this.turn : this.you) {
    if (this.connections[seatName]?.send(message)) return true;
    this.showNotice('Not connected: wait for the connection to come back.');
    return false;
  }

  receive(message, seatName) {
    if (Array.isArray(message.legal)) this.legalBySeat[seatName] = { v: message.v, legal: message.legal, san: message.legal_san };
    if (seatName !== this.primary && message.t !== 'error') {
      this.render();
      return;
    }
    if (this.social.receive(message)) return;
    this.blind.received(message);
    switch (message.t) {
      case 'state': this.applyState(message); break;
      case 'joined': this.applyJoined(message); break;
      case 'move': this.applyMove(message); break;
      case 'umpire': this.applyUmpire(message); break;
      case 'takeback': this.applyTakeback(message); break;
      case 'end': this.applyEnd(message); break;
      case 'error': this.applyError(message); break;
      default: if (typeof message.v === 'number') this.positionV = message.v;
    }
    const notes = this.parts.map(part => part.receive(message)).filter(Boolean);
    if (message.clock !== undefined) this.clocks.update(message.clock);
    if (message.t !== 'error') this.ui.notice.hidden = true;
    if (notes.length && message.t !== 'error') this.showNotice(notes.join(' '));
    this.render();
  }

  applyJoined(message) {
    this.status = message.status ?? 'playing';
    this.positionV = message.v;
    this.blind.joined(message.color);
    if (this.isPlayer && !this.local) {
      this.sounds.play('notify');
      this.attention.notify(this.turn === this.you ? 'Your opponent joined: your move.' : 'Your opponent joined.');
      // Said in the tab's title until the player looks at the page again.
      if (document.hidden) this.titleNote = 'Your opponent joined';
    }
  }

  applyState(message) {
    this.status = message.status;
    this.result = message.result;
    this.reason = message.reason;
    this.computer = message.computer ?? null;  // {color, level} when the computer holds a seat
    this.positionV = message.v;
    this.pending = null;
    this.viewing = null;
    this.pinned = false;
    this.turn = message.turn ?? sideToMove(message.fen) ?? this.turn;
    this.doubleMoves = message.double_moves ?? [];
    this.clockSetting = message.clock;
    this.startFen = message.start_fen;
    this.positions = message.positions ?? [];
    if (this.hidden) {
      this.history = [{ placement: message.fen ? parsePlacement(message.fen, this.geometry) : new Map(), mover: null, move: null, fen: message.fen }];
      this.sans = [];
    } else {
      this.history = this.historyOf(message.start_fen, message.moves ?? [], this.positions);
      this.sans = message.sans ?? [];
    }
    if (this.variant.hidden) this.rebuildKriegspiel(message);
    if (this.hidden) this.history[0].move = this.kriegspiel.ownMoves.at(-1)?.uci ?? null;
    if (!message.clock) this.clocks = new Clocks();
    this.showConnection();
  }

  // Every position of the game, as the server sent them: the start, then one after each move,
  // each with the side that made the move (the side to move before it).
  historyOf(startFen, moves, positions) {
    const history = [{ placement: parsePlacement(startFen, this.geometry), mover: null, move: null, fen: startFen }];
    moves.forEach((uci, index) => {
      const fen = positions[index];
      history.push({ placement: parsePlacement(fen, this.geometry), mover: sideToMove(history[index].fen), move: uci, fen });
    });
    return history;
  }

  // Kriegspiel: the announcements are rebuilt whole from what the viewer has heard (`umpire`),
  // so a reload or a reconnection shows the same log, refused tries and questions, once each.
  rebuildKriegspiel(message) {
    const k = new KriegspielLog(this.you, this.variant.pieces);
    this.kriegspiel = k;
    // The men that moved are named from the positions the server sent: the real ones once the
    // game is public, else the viewer's own board after each move.
    const finished = message.status === 'finished';
    const start = parsePlacement(message.start_fen, this.geometry);
    const own = finished ? start : new Map([...start].filter(([, letter]) => colorOf(letter) === this.you));
    const before = ply => (ply === 0 ? own : parsePlacement(this.positions[ply - 1], this.geometry));
    let ply = 0;
    for (const entry of message.umpire) {
      const from = parseMove(entry.move)?.from;
      const san = finished && entry.say === 'moved' ? this.sans[ply] ?? null : null;
      k.hear(entry, { letter: (from && before(ply)?.get(from)) ?? null, san });
      if (entry.say === 'moved') ply++;
    }
  }

  applyMove(message) {
    this.positionV = message.v;
    if (!message.move) return;  // a hidden game: the umpire speaks instead
    this.history.push({ placement: parsePlacement(message.fen, this.geometry), mover: this.turn, move: message.move, fen: message.fen });
    this.sans[message.ply] = message.san;
    this.blind.moved({ mover: this.turn, uci: message.move, san: message.san, letter: this.history.at(-2).placement.get(parseMove(message.move)?.from) });
    this.turn = message.turn ?? sideToMove(message.fen);
    if (message.double_moves) this.doubleMoves = message.double_moves;
    this.pending = null;
    // A new move brings the viewer back to the present, unless they asked to stay.
    if (!this.pinned) this.viewing = null;
    const san = message.san ?? '';
    this.sounds.play(/[+#]$/.test(san) ? 'check' : san.includes('x') ? 'capture' : 'move');
    this.announceTurn();
  }

  // Moves taken back: the game as the server now has it, from its positions.
  applyTakeback(message) {
    this.positionV = message.v;
    this.history = this.historyOf(this.startFen, message.moves, message.positions);
    this.sans = message.sans;
    this.turn = message.turn;
    if (message.double_moves) this.doubleMoves = message.double_moves;
    this.pending = null;
    this.viewing = this.pinned && this.viewing < this.history.length - 1 ? this.viewing : null;
  }

  // The player whose move it now is hears of it, if the page is out of sight.
  announceTurn() {
    if (this.status === 'playing' && this.isPlayer && !this.local && this.turn === this.you) this.attention.notify('Your move.');
  }

  applyUmpire(message) {
    this.positionV = message.v;
    const mine = message.by === this.you;
    const entry = message.say === 'illegal' && mine && !message.move ? { ...message, move: this.pending?.uci } : message;
    const from = parseMove(entry.move)?.from;
    const letter = (from && this.history.at(-1).placement.get(from)) ?? null;
    this.kriegspiel.hear(entry, { letter });
    this.blind.heard(entry, letter);
    if (message.say === 'moved') {
      this.turn = otherColor(message.by);
      this.sounds.play(message.check?.length ? 'check' : message.capture ? 'capture' : 'move');
      this.announceTurn();
      if (message.fen) this.history = [{ placement: parsePlacement(message.fen, this.geometry), mover: message.by, move: mine ? message.move : this.history.at(-1).move }];
    }
    if (mine && message.say !== 'any') this.pending = null;
  }

  applyEnd(message) {
    this.status = 'finished';
    this.result = message.result;
    this.reason = message.reason;
    this.pending = null;
    this.viewing = null;
    this.pinned = false;
    this.clocks.stop();
    this.sounds.play('end');
    this.blind.ended(this.statusLine());
    this.showConnection();
    if (this.variant.hidden) this.reloadFinished();
  }

  // A finished Kriegspiel game is public: fetch it whole (moves, SAN, every try) to replay it.
  async reloadFinished() {
    const token = this.local ? this.seat.tokens.white : this.seat?.token;
    try {
      const game = await fetchGame(this.id, token);
      if (game.status !== 'finished') return;
      this.applyState(game);
      this.render();
    } catch {
      this.showNotice('The finished game could not be loaded: reload the page to replay it.');
    }
  }

  applyError(message) {
    this.pending = null;
    this.showNotice(message.message && !ERRORS[message.code] ? message.message : ERRORS[message.code] ?? message.code);
  }

  // A move that will not be confirmed: the board goes back to the game as the server has it.
  undoPending(text) {
    this.pending = null;
    this.showNotice(text);
  }

  showNotice(text) {
    this.blind.say(text);
    this.ui.notice.textContent = text;
    this.ui.notice.hidden = false;
    this.render();
  }

  // --- moving ---

  currentLegal() {
    if (this.status !== 'playing' || this.viewing !== null || this.pending) return [];
    const seat = this.local ? this.turn : this.you;
    if (!this.local && seat !== this.turn) return [];
    const entry = this.legalBySeat[seat];
    if (!entry || (this.local && entry.v !== this.positionV)) return [];
    const refused = new Set(this.kriegspiel.refused.map(({ from, to }) => from + to));
    return entry.legal.filter(uci => { const m = parseMove(uci); return m && !refused.has(m.from + m.to); });
  }

  async userMove(from, to, { dragged }) {
    if (this.premoves.active) return this.premoves.make(from, to);
    const candidates = movesBetween(this.currentLegal(), from, to);
    if (!candidates.length) return;
    let uci = candidates[0];
    if (candidates.length > 1) {
      uci = await this.chooseBetween(from, to, candidates);
      if (!uci) {
        this.render();
        return;
      }
    }
    this.sendMove(uci, { dragged });
  }

  sendMove(uci, { dragged = false } = {}) {
    const { from, to } = parseMove(uci);
    const ply = this.hidden
      ? this.kriegspiel.ownMoves.length * 2 + (this.you === 'black' ? 1 : 0)
      : this.history.length - 1;
    if (!this.send({ t: 'move', move: uci, ply })) {
      this.undoPending('You are not connected, so the move was not sent: it is undone. Play it again once the connection is back.');
      return;
    }
    // Until the server answers, the man is shown carried to its square, marked as pending.
    const placement = new Map(this.history.at(-1).placement);
    const letter = placement.get(from), suffix = parseMove(uci).suffix;
    if (letter) {  // a typed move may name an empty square: the server refuses it
      placement.delete(from);
      placement.set(to, suffix ? (colorOf(letter) === 'white' ? suffix.toUpperCase() : suffix) : letter);
    }
    this.pending = { uci, from, to, placement };
    this.board.setPosition(placement, { lastMove: { from, to }, animate: !dragged, pending: to });
    this.board.setDests(null);
  }

  chooseBetween(from, to, candidates) {
    const moving = this.history.at(-1).placement.get(from);
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
    return choose(this.board, to, turning ? 'Facing' : 'Promote to', options);
  }

  // --- viewer actions ---

  listen(main) {
    const ui = this.ui;
    const actions = {
      'copy-invite': () => this.copyInvite(),
      first: () => this.goTo(0), previous: () => this.goTo(this.shownIndex() - 1),
      next: () => this.goTo(this.shownIndex() + 1), last: () => this.goTo(this.history.length - 1),
      present: () => this.goTo(this.history.length - 1),
      flip: () => { this.board.flip(); this.render(); },
      pin: () => { this.pinned = !this.pinned; this.render(); },
      legend: () => showLegend(this.variant),
      sound: () => { this.sounds.setEnabled(!this.sounds.enabled); this.render(); },
      notify: async () => { await this.attention.setEnabled(!this.attention.enabled); this.render(); },
      abort: () => this.send({ t: 'abort' }),
      resign: () => this.confirmResign(),
      any: () => this.send({ t: 'any' }),
      ...Object.assign({}, ...this.parts.map(part => part.actions ?? {})),
    };
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
      if (document.hidden || !this.titleNote) return;
      this.titleNote = null;
      this.render();
    };
    document.addEventListener('visibilitychange', this.visibilityListener);
    ui.resign.addEventListener('blur', () => this.disarmResign());
  }

  confirmResign() {
    if (this.resignArmed) {
      this.disarmResign();
      this.send({ t: 'resign' }, this.local ? this.turn : this.you);
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

  shownIndex() {
    return this.viewing ?? this.history.length - 1;
  }

  goTo(index) {
    const last = this.history.length - 1;
    const target = Math.max(0, Math.min(last, index));
    this.viewing = target === last ? null : target;
    if (this.viewing === null) this.pinned = false;
    this.render();
  }

  // --- rendering ---

  render() {
    this.renderBoard();
    this.renderPlayers();
    this.renderStatus();
    this.renderMoves();
    this.renderControls();
    this.renderKriegspiel();
    this.social.render();
    for (const part of this.parts) part.render();
    this.renderHeader();
    this.blind.update({ status: this.status, statusLine: this.statusLine(), legal: this.currentLegal(),
      offered: this.legalBySeat[this.local ? this.turn : this.you], placement: this.history[this.shownIndex()].placement });
    const yourMove = this.status === 'playing' && this.isPlayer && !this.local && this.turn === this.you;
    const note = this.titleNote ? `${this.titleNote} · ` : '';
    document.title = `${yourMove ? '● ' : ''}${note}${this.statusLine()} · ${this.variant.title} · Arbiter`;
  }

  renderHeader() {
    const ui = this.ui;
    ui.title.textContent = this.variant.title;
    ui.timeControl.textContent = timeControl(this.clockSetting);
    ui.mode.textContent = this.local ? 'Both sides on this device' : this.isPlayer ? `You play ${this.you}` : 'Watching';
    ui.sound.setAttribute('aria-pressed', String(this.sounds.enabled));
    ui.sound.textContent = this.sounds.enabled ? 'Sound on' : 'Sound off';
    ui.notify.setAttribute('aria-pressed', String(this.attention.enabled));
    ui.notify.textContent = this.attention.enabled ? 'Notifications on' : 'Notify me';
    ui.notify.hidden = !this.isPlayer || this.local || !this.attention.available || this.status === 'finished';
  }

  renderBoard() {
    const index = this.shownIndex();
    const shown = this.history[index];
    const move = shown.move && parseMove(shown.move);
    let check = null;
    if (this.hidden ? this.kriegspiel.checked : /[+#]$/.test(this.sans[index - 1] ?? '')) {
      const checkedColor = this.hidden ? this.you : otherColor(shown.mover);
      check = [...shown.placement].find(([, letter]) => colorOf(letter) === checkedColor && kindOf(letter, this.variant.pieces)?.royal)?.[0] ?? null;
    }
    const pending = this.viewing === null ? this.pending : null;
    if (pending) this.board.setPosition(pending.placement, { lastMove: pending, pending: pending.to, animate: false });
    else this.board.setPosition(shown.placement, { lastMove: move ? { from: move.from, to: move.to } : null, check });
    this.board.setDests(this.premoves.dests() ?? destinations(this.currentLegal()));
    this.board.setKriegspielMarks(this.hidden
      ? { refused: this.kriegspiel.refused, captureSquare: this.kriegspiel.captureSquare }
      : {});
    this.ui.hiddenBoardNote.hidden = !(this.hidden && !this.isPlayer);
  }

  renderPlayers() {
    const bottom = this.board.orientation, top = otherColor(bottom);
    for (const [bar, color] of [[this.ui.topPlayer, top], [this.ui.bottomPlayer, bottom]]) {
      bar.classList.remove('white', 'black');
      bar.classList.add(color);
      bar.classList.toggle('to-move', this.status === 'playing' && this.turn === color);
      bar.dataset.color = color;
      const waiting = this.status === 'waiting' && !this.local && this.isPlayer && color !== this.you;
      const name = this.computer?.color === color ? `Computer, level ${this.computer.level}` : capitalize(color);
      bar.querySelector('.player-name').textContent =
        name + (color === this.you ? ' (you)' : '') + (waiting ? ': waiting to join' : '');
      bar.querySelector('.double-move').hidden = !(this.variant.two_move_turns && this.status !== 'finished'
        && this.doubleMoves.includes(color));
    }
    this.renderClocks();
  }

  renderClocks() {
    const clocks = this.clocks;
    for (const bar of [this.ui.topPlayer, this.ui.bottomPlayer]) {
      const element = bar.querySelector('.clock');
      element.hidden = !clocks.timed;
      if (!clocks.timed) continue;
      const color = bar.dataset.color;
      const remaining = clocks.now()[color];
      element.textContent = formatClock(remaining);
      const running = clocks.running === color && this.status === 'playing';
      const low = remaining < lowTimeMs(clocks.clock);
      element.classList.toggle('running', running);
      element.classList.toggle('low', low);
      // Once each time a player's own clock runs low: a sound for the player at the board.
      const own = this.local ? running : color === this.you;
      if (!low) this.lowTimeWarned[color] = false;
      else if (running && own && !this.lowTimeWarned[color]) {
        this.lowTimeWarned[color] = true;
        this.sounds.play('lowTime');
      }
      element.setAttribute('aria-label', `${color} clock ${formatClock(remaining)}`);
    }
  }

  statusLine() {
    if (this.status === 'waiting') return 'Waiting for an opponent';
    if (this.status === 'finished') {
      return this.result === '*' ? 'Game aborted' : `${RESULTS[this.result] ?? this.result} ${REASONS[this.reason] ?? this.reason ?? ''}`.trim();
    }
    if (this.isPlayer && !this.local) return this.turn === this.you ? 'Your move' : `${capitalize(this.turn)} to move`;
    return `${capitalize(this.turn)} to move`;
  }

  // In Centennial a side may move twice in a row; the second move of a turn is marked.
  secondMoveOfTurn() {
    const last = this.history.at(-1);
    return this.status === 'playing' && !this.hidden && last.mover === this.turn;
  }

  renderStatus() {
    const ui = this.ui;
    const finished = this.status === 'finished';
    ui.status.className = finished ? 'status result' : 'status';
    ui.status.replaceChildren();
    if (finished) {
      ui.status.append(this.result === '*' ? 'Aborted' : this.result,
        Object.assign(document.createElement('span'), { className: 'reason', textContent: this.statusLine() }));
    } else {
      ui.status.append(this.statusLine());
      if (this.secondMoveOfTurn()) {
        ui.status.append(Object.assign(document.createElement('span'),
          { className: 'turn-phase', textContent: 'second move of the turn: another man' }));
      }
    }
    const showInvite = this.status === 'waiting' && Boolean(this.seat?.invite);
    ui.invite.hidden = !showInvite;
    if (showInvite) ui.inviteInput.value = location.origin + this.seat.invite;
    ui.spearmanHint.hidden = !(this.status === 'playing' && this.isPlayer
      && this.variant.pieces.some(kind => kind.turns_to?.length));
    // Looking at an earlier position of a live game: said, with the way back and the choice to stay.
    const browsing = this.status === 'playing' && this.viewing !== null;
    ui.browsing.hidden = !browsing;
    if (browsing) {
      const yourMove = this.isPlayer && (this.local || this.turn === this.you) ? '; it is your move' : '';
      ui.browsingText.textContent = `You are looking at move ${this.viewing} of ${this.history.length - 1}${yourMove}.`
        + (this.pinned ? ' The board stays here when a move is played.' : ' A new move brings the board back to the game.');
      ui.pin.setAttribute('aria-pressed', String(this.pinned));
    }
  }

  renderMoves() {
    let plies;
    if (this.hidden) {
      // The viewer's own moves, with a '?' for each unseen reply.
      const unseen = { text: '?', mover: otherColor(this.you), hidden: true };
      plies = [];
      for (const move of this.isPlayer ? this.kriegspiel.ownMoves : []) {
        if (this.you === 'black') plies.push(unseen);
        plies.push({ text: move.text, mover: this.you });
        if (this.you === 'white') plies.push(unseen);
      }
      if (this.you === 'white' && this.turn === 'black') plies.pop();
      if (this.you === 'black' && this.turn === 'black') plies.push(unseen);
    } else {
      plies = this.history.slice(1).map((position, i) => ({ text: this.sans[i] ?? position.move, mover: position.mover }));
    }
    renderMoveList(this.ui.moveList, plies, this.hidden ? -1 : this.shownIndex() - 1, index => this.goTo(index + 1));
  }

  renderControls() {
    const ui = this.ui, index = this.shownIndex(), last = this.history.length - 1;
    ui.first.disabled = ui.previous.disabled = this.hidden || index === 0;
    ui.next.disabled = ui.last.disabled = this.hidden || index === last;
    ui.pgn.hidden = this.hidden || this.status === 'waiting';
    const playing = this.status === 'playing' && this.isPlayer;
    ui.actions.hidden = !(this.isPlayer && this.status !== 'finished');
    const movedColors = new Set(this.history.slice(1).map(position => position.mover));
    const bothMoved = this.hidden ? this.kriegspiel.plies > 1 : movedColors.size === 2;
    ui.abort.hidden = bothMoved;
    ui.resign.disabled = !playing;
  }

  renderKriegspiel() {
    const k = this.kriegspiel, ui = this.ui;
    ui.kriegspiel.hidden = !this.variant.hidden;
    if (!this.variant.hidden) return;
    const myTurn = this.status === 'playing' && this.isPlayer && this.turn === this.you;
    ui.kriegspielBar.hidden = this.status === 'finished';
    ui.latestAnnouncement.textContent = k.latest || 'The umpire has announced nothing yet.';
    ui.askAny.hidden = !this.isPlayer || this.status === 'finished';
    ui.askAny.disabled = !myTurn || k.askedThisTurn;
    ui.askAny.title = k.pawnCaptureOwed ? 'Your next try must be a pawn capture.' : '';
    ui.pawnCaptureOwed.hidden = !(myTurn && k.pawnCaptureOwed);
    // A new log (a state rebuilt it) is drawn whole; the same log only gets its new lines.
    const list = ui.announcements;
    if (this.shownLog !== k.log) {
      this.shownLog = k.log;
      list.replaceChildren();
    }
    if (list.childElementCount === k.log.length) return;
    list.append(...k.log.slice(list.childElementCount).map(line => h('li', {
      class: [line.mine ? 'mine' : '', line.refused ? 'refused' : ''].join(' ').trim() || null,
    }, line.text)));
    // Only the log scrolls: the page (and the board) stays where the player has it.
    list.scrollTop = list.scrollHeight;
  }

  destroy() {
    clearInterval(this.ticker);
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
