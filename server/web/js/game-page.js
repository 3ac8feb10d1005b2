// One game, for a player, both players on one device, or a spectator: it keeps the game as the
// server tells it, shows it, and sends the viewer's moves and actions.
import { fetchGame, loadSeat, pgnPath } from './api.js';
import { Board } from './board.js';
import { choose } from './chooser.js';
import { Clocks, formatClock } from './clock.js';
import { GameConnection } from './connection.js';
import { capitalize, h, otherColor } from './dom.js';
import { parsePlacement, sideToMove } from './fen.js';
import { FirstMove } from './first-move.js';
import { buildGameLayout } from './game-layout.js';
import { geometryFor } from './geometry.js';
import { KriegspielLog, readableMove } from './kriegspiel.js';
import { renderMoveList } from './movelist.js';
import { destinations, movesBetween, parseMove } from './moves.js';
import { OFFER_ERRORS, Offers } from './offers.js';
import { colorOf, kindOf } from './pieces.js';
import { Premoves } from './premove.js';
import { Presence } from './presence.js';
import { Replayer } from './replay.js';

const REASONS = {
  checkmate: 'by checkmate', stalemate: 'by stalemate', repetition: 'by threefold repetition',
  fifty_moves: 'by the fifty-move rule', insufficient_material: 'by insufficient material',
  resign: 'by resignation', agreement: 'by agreement', timeout: 'on time', abort: 'aborted',
  abandoned: 'as the opponent left',
  king_captured: 'by capturing the king', bare_king: 'by baring the king',
};

const RESULTS = { '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'Draw', '*': 'Game aborted' };

const ERRORS = {
  illegal_move: 'That move is not legal.', not_your_turn: 'It is not your turn.',
  stale_ply: 'The game moved on; the board is up to date again.', game_over: 'The game is over.',
  nonsense: 'That try is impossible on your own board.', rate_limited: 'Slow down a little.',
  ...OFFER_ERRORS,
};

// The messages the page acts on; anything else (pong, unknown) is ignored.
const HANDLED = new Set(['state', 'joined', 'move', 'umpire', 'end', 'error', 'resumed', 'draw_offer', 'draw_declined',
  'takeback_offer', 'takeback_declined', 'takeback', 'presence', 'premove']);

class GamePage {
  constructor(main, { id, variant, seat, setConnectionStatus }) {
    this.id = id;
    this.variant = variant;
    this.geometry = geometryFor(variant.board);
    this.replayer = new Replayer(variant, this.geometry);
    this.local = Boolean(seat?.local);
    this.you = this.local ? 'both' : seat?.color ?? 'spectator';
    this.seat = seat;
    this.setConnectionStatus = setConnectionStatus;

    this.status = 'waiting';
    this.history = [{ placement: new Map(), mover: null, move: null }];
    this.sans = [];
    this.turn = 'white';
    this.viewing = null;
    this.legalBySeat = {};
    this.positionV = null;
    this.pending = null;
    this.computer = null;
    this.clocks = new Clocks();
    this.kriegspiel = new KriegspielLog(this.you);

    this.ui = buildGameLayout(main, { gameId: id, pgnHref: pgnPath(id) });
    this.board = new Board(this.ui.boardHost, {
      geometry: this.geometry, pieces: variant.pieces, interactive: true,
      orientation: this.you === 'black' ? 'black' : 'white',
      onMove: (from, to, how) => this.userMove(from, to, how),
      label: `${variant.title ?? variant.name} board`,
    });
    this.addConventions();
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
      this.setConnectionStatus(Object.values(statuses).includes('offline') ? 'offline' : 'online');
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

  send(message, seatName = this.local ? this.turn : this.you) {
    if (!this.connections[seatName]?.send(message)) this.showNotice('Not connected: wait for the connection to come back.');
  }

  receive(message, seatName) {
    if (Array.isArray(message.legal)) this.legalBySeat[seatName] = { v: message.v, legal: message.legal };
    if (seatName !== this.primary && message.t !== 'error') {
      this.render();
      return;
    }
    if (!HANDLED.has(message.t)) return;
    switch (message.t) {
      case 'state': this.applyState(message); break;
      case 'joined': this.status = message.status ?? 'playing'; this.positionV = message.v; break;
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

  applyState(message) {
    this.status = message.status;
    this.result = message.result;
    this.reason = message.reason;
    this.computer = message.computer ?? null;  // {color, level} when the computer holds a seat
    this.positionV = message.v;
    this.pending = null;
    this.viewing = null;
    this.turn = message.turn ?? sideToMove(message.fen) ?? this.turn;
    if (this.hidden) {
      this.history = [{ placement: message.fen ? parsePlacement(message.fen, this.geometry) : new Map(), mover: null, move: null }];
      this.sans = [];
    } else {
      this.history = this.replayer.positions(message.start_fen, message.moves ?? []);
      this.history.at(-1).placement = parsePlacement(message.fen, this.geometry);
      this.sans = message.sans ?? [];
    }
    if (this.variant.hidden) this.rebuildKriegspiel(message);
    if (this.hidden) this.history[0].move = this.kriegspiel.ownMoves.at(-1)?.uci ?? null;
    if (!message.clock) this.clocks = new Clocks();
  }

  // Kriegspiel: the announcements are rebuilt whole from what the viewer has heard (`umpire`),
  // so a reload or a reconnection shows the same log, refused tries and questions, once each.
  rebuildKriegspiel(message) {
    const k = new KriegspielLog(this.you);
    this.kriegspiel = k;
    if (!Array.isArray(message.umpire)) {  // a server without the umpire list: the own moves only
      for (const uci of message.moves ?? []) k.ownMoves.push({ uci, text: readableMove(uci, null) });
      return;
    }
    // The men that moved are named from the real positions once the game is public, else from
    // the viewer's own board replayed from the start (their moves, their men taken).
    const finished = message.status === 'finished';
    let own = finished ? null : this.ownStart(message.start_fen);
    let ply = 0;
    for (const entry of message.umpire) {
      const placement = finished ? this.history[ply]?.placement : own;
      const from = parseMove(entry.move)?.from;
      const san = finished && entry.say === 'moved' ? this.sans[ply] ?? null : null;
      k.hear(entry, { letter: (from && placement?.get(from)) ?? null, san });
      if (entry.say !== 'moved') continue;
      if (!finished) own = this.advanceOwnBoard(own, entry);
      ply++;
    }
  }

  ownStart(startFen) {
    if (!this.isPlayer || !startFen) return new Map();
    return new Map([...parsePlacement(startFen, this.geometry)].filter(([, letter]) => colorOf(letter) === this.you));
  }

  advanceOwnBoard(own, entry) {
    if (entry.by === this.you && entry.move) return this.replayer.apply(own, entry.move).next;
    if (!entry.capture || !own.has(entry.capture)) return own;
    const next = new Map(own);
    next.delete(entry.capture);
    return next;
  }

  applyMove(message) {
    this.positionV = message.v;
    if (!message.move) return;  // a hidden game: the umpire speaks instead
    const moving = this.history.at(-1).placement.get(parseMove(message.move).from);
    const mover = moving ? colorOf(moving) : this.turn;
    this.history.push({ placement: parsePlacement(message.fen, this.geometry), mover, move: message.move });
    this.sans[message.ply] = message.san;
    this.turn = message.turn ?? sideToMove(message.fen);
    this.pending = null;
    if (this.viewing !== null && this.viewing === this.history.length - 2) this.viewing = null;
  }

  // A takeback: the board goes back to the position after the moves the event keeps.
  applyTakeback(message) {
    this.positionV = message.v;
    this.history = this.history.slice(0, message.ply + 1);
    this.history.at(-1).placement = parsePlacement(message.fen, this.geometry);
    this.sans = message.sans ?? this.sans.slice(0, message.ply);
    this.turn = message.turn ?? sideToMove(message.fen);
    this.pending = null;
    if (this.viewing !== null && this.viewing >= this.history.length - 1) this.viewing = null;
  }

  applyUmpire(message) {
    this.positionV = message.v;
    const mine = message.by === this.you;
    const entry = message.say === 'illegal' && mine && !message.move ? { ...message, move: this.pending } : message;
    const from = parseMove(entry.move)?.from;
    this.kriegspiel.hear(entry, { letter: (from && this.history.at(-1).placement.get(from)) ?? null });
    if (message.say === 'moved') {
      this.turn = otherColor(message.by);
      if (message.fen) this.history = [{ placement: parsePlacement(message.fen, this.geometry), mover: message.by, move: mine ? message.move : this.history.at(-1).move }];
    }
    if (mine && message.say !== 'any') this.pending = null;
  }

  applyEnd(message) {
    this.status = 'finished';
    this.result = message.result;
    this.reason = message.reason;
    this.pending = null;
    this.clocks.stop();
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

  showNotice(text) {
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
    const ply = this.hidden
      ? this.kriegspiel.ownMoves.length * 2 + (this.you === 'black' ? 1 : 0)
      : this.history.length - 1;
    this.send({ t: 'move', move: uci, ply });
    this.pending = uci;
    const placement = this.replayer.apply(this.history.at(-1).placement, uci).next;
    this.board.setPosition(placement, { lastMove: { from, to }, animate: !dragged });
    this.board.setDests(null);
  }

  chooseBetween(from, to, candidates) {
    const moving = this.history.at(-1).placement.get(from);
    const kind = kindOf(moving, this.variant.pieces);
    const cased = letter => (colorOf(moving) === 'white' ? letter.toUpperCase() : letter.toLowerCase());
    const seen = new Set();
    const options = [];
    for (const uci of candidates) {
      const { suffix } = parseMove(uci);
      const letter = suffix ? cased(suffix) : moving;
      if (seen.has(letter)) continue;
      seen.add(letter);
      const name = kindOf(letter, this.variant.pieces);
      const label = kind === 'spearman' ? `Face ${{ M: 'along the file', L: 'forward-left', D: 'forward-right' }[letter.toUpperCase()]}`
        : suffix ? capitalize(name) : 'Stay a pawn';
      options.push({ move: uci, letter, label });
    }
    return choose(this.board, to, kind === 'spearman' ? 'Facing' : 'Promote to', options);
  }

  // --- viewer actions ---

  listen(main) {
    const ui = this.ui;
    const actions = {
      'copy-invite': () => this.copyInvite(),
      first: () => this.goTo(0), previous: () => this.goTo(this.shownIndex() - 1),
      next: () => this.goTo(this.shownIndex() + 1), last: () => this.goTo(this.history.length - 1),
      flip: () => { this.board.flip(); this.render(); },
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
    for (const part of this.parts) part.render();
    document.title = `${this.variant.title ?? this.variant.name} · ${this.statusLine()} · Arbiter`;
  }

  renderBoard() {
    const index = this.shownIndex();
    const shown = this.history[index];
    const move = shown.move && parseMove(shown.move);
    let check = null;
    if (this.hidden ? this.kriegspiel.checked : /[+#]$/.test(this.sans[index - 1] ?? '')) {
      const checkedColor = this.hidden ? this.you : otherColor(shown.mover);
      check = [...shown.placement].find(([, letter]) => colorOf(letter) === checkedColor && kindOf(letter, this.variant.pieces) === 'king')?.[0] ?? null;
    }
    if (!this.pending) this.board.setPosition(shown.placement, { lastMove: move ? { from: move.from, to: move.to } : null, check });
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
      element.classList.toggle('running', clocks.running === color && this.status === 'playing');
      element.classList.toggle('low', remaining < 10000);
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
    list.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }

  destroy() {
    clearInterval(this.ticker);
    document.removeEventListener('keydown', this.keyListener);
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
