// The board: one SVG component for every geometry (rectangles and the ring). It draws squares,
// coordinates, highlights and pieces, and turns clicks, drags and keys into (from, to) requests
// for the squares the owner made movable. It knows nothing of rules or of the server.
import { parseSquare, squareName } from './geometry.js';
import { colorOf, drawingOf, kindOf, manName, pieceRotation, pieceSymbol, symbolId, travelArrow } from './pieces.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const DRAG_THRESHOLD_PX = 6;
const LONG_PRESS_MS = 450;
let boardsWithFog = 0;  // numbers each board's fog pattern

function svgElement(name, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.append(element);
  return element;
}

export class Board {
  // geometry: from geometry.js; pieces: the variant's kinds (/api/variants);
  // onMove(from, to, {dragged}) is called for a move onto a highlighted destination.
  constructor(parent, { geometry, pieces = [], orientation = 'white', interactive = false, onMove = null, label = 'Board' }) {
    this.geometry = geometry;
    this.pieces = pieces;
    this.orientation = orientation;
    this.interactive = interactive;
    this.onMove = onMove;
    this.placement = new Map();
    this.highlights = { lastMove: null, check: null, captureSquare: null, refused: [], premove: null, changed: [] };
    this.fog = [];
    this.pending = null;
    this.dests = new Map();
    this.selected = null;
    this.cursor = null;
    this.drag = null;

    this.element = document.createElement('div');
    this.element.className = `board board-${geometry.kind}`;
    this.svg = svgElement('svg', {
      viewBox: `0 0 ${geometry.width} ${geometry.height}`, role: 'img', 'aria-label': label,
      class: 'board-svg',
    });
    this.defs = svgElement('defs', {}, this.svg);
    this.defs.innerHTML = '<radialGradient id="check-glow"><stop offset="0" stop-color="#ff0000" stop-opacity="1"/>'
      + '<stop offset=".3" stop-color="#e70000" stop-opacity=".9"/><stop offset="1" stop-color="#a50000" stop-opacity="0"/></radialGradient>';
    this.layers = {};
    // The dragged man goes to the last layer, above the move hints. The drawing is not read out
    // (the coordinates' letters, a glyph's letter): the board's name and cursor say it.
    for (const name of ['squares', 'fog', 'marks', 'labels', 'pieces', 'dests', 'overlay', 'drag']) {
      this.layers[name] = svgElement('g', { class: `layer-${name}`, 'aria-hidden': 'true' }, this.svg);
    }
    this.tip = document.createElement('div');
    this.tip.className = 'piece-tip';
    this.tip.hidden = true;
    this.element.append(this.svg, this.tip);
    parent.append(this.element);
    if (interactive) this.listen();
    this.listenForNames();
    this.drawSquares();
  }

  // --- public ---

  // pending: the square of a man whose move the server has not confirmed yet.
  setPosition(placement, { lastMove = null, check = null, animate = true, pending = null } = {}) {
    const previous = this.placement;
    this.placement = placement;
    this.pending = pending;
    this.highlights.lastMove = lastMove;
    this.highlights.check = check;
    this.drawPieces(animate ? previous : null);
    this.drawMarks();
  }

  // Squares the viewer may move from, each with its destinations (Map from -> Set of to).
  setDests(dests) {
    this.dests = dests ?? new Map();
    if (this.selected && !this.dests.has(this.selected)) this.selected = null;
    this.markMovable();
    this.drawMarks();
  }

  // Kriegspiel marks: tries refused this turn ([{from, to}]) and the last announced capture.
  setKriegspielMarks({ refused = [], captureSquare = null }) {
    this.highlights.refused = refused;
    this.highlights.captureSquare = captureSquare;
    this.drawMarks();
  }

  // Fog of War: the squares the viewer does not see (drawn as fog), and those seen to change with
  // a move they were not told.
  setFog(fog = [], changed = []) {
    this.fog = fog ?? [];
    this.highlights.changed = changed;
    this.drawFog();
    this.drawMarks();
  }

  // A queued premove ({from, to} or null), marked apart from the last move.
  setPremove(premove) {
    this.highlights.premove = premove;
    this.drawMarks();
  }

  setOrientation(orientation) {
    if (orientation === this.orientation) return;
    this.orientation = orientation;
    this.drawSquares();
    this.drawFog();
    this.drawPieces(null);
    this.drawMarks();
  }

  flip() {
    this.setOrientation(this.orientation === 'white' ? 'black' : 'white');
  }

  // Screen-independent centre of a square, in client pixels (for choosers placed over it).
  clientCentre(square) {
    const { x, y } = this.geometry.centre(square, this.orientation);
    const point = new DOMPoint(x, y).matrixTransform(this.svg.getScreenCTM());
    return { x: point.x, y: point.y };
  }

  // The <use> reference for a piece letter, defining its symbol on first use (so the page
  // never holds the drawing of a man that is not on some board).
  pieceHref(letter) {
    const drawing = drawingOf(letter, this.pieces), color = colorOf(letter), id = symbolId(drawing, color);
    if (!document.getElementById(id)) this.defs.insertAdjacentHTML('beforeend', pieceSymbol(drawing, color));
    return `#${id}`;
  }

  // --- drawing ---

  drawSquares() {
    const { squares, labels } = this.layers;
    squares.replaceChildren();
    labels.replaceChildren();
    const g = this.geometry;
    if (g.kind === 'ring') {
      const r = g.width / 2;
      svgElement('circle', { cx: r, cy: r, r: r - 2, class: 'ring-rim' }, squares);
    }
    for (const name of g.squares) {
      svgElement('path', {
        d: g.outline(name, this.orientation), class: `square ${g.isLight(name) ? 'light' : 'dark'}`, 'data-square': name,
      }, squares);
    }
    this.markMovable();
    for (const label of g.labels(this.orientation)) {
      const cls = label.outside ? 'outside' : label.seam ? 'seam' : label.onLight ? 'on-light' : 'on-dark';
      const text = svgElement('text', { x: label.x, y: label.y, 'text-anchor': label.anchor, class: `coord ${cls}` }, labels);
      text.textContent = label.text;
    }
  }

  drawFog() {
    const layer = this.layers.fog;
    layer.replaceChildren();
    // A coordinate on a fogged square is drawn light, to read on the veil.
    const fogged = new Set(this.fog);
    for (const text of this.layers.labels.querySelectorAll('.coord')) {
      const square = this.geometry.squareAt(Number(text.getAttribute('x')), Number(text.getAttribute('y')), this.orientation);
      text.classList.toggle('fogged', fogged.has(square));
    }
    if (!this.fog.length) return;
    // Fog: a dark grey veil with light hatching, the same on light and dark squares and on the
    // ring; its pattern sized to this board, under an id of this board's own.
    this.fogPattern ??= `fog-hatch-${++boardsWithFog}`;
    if (!this.defs.querySelector(`#${this.fogPattern}`)) {
      const step = this.geometry.pieceSize / 5;
      this.defs.insertAdjacentHTML('beforeend', `<pattern id="${this.fogPattern}" patternUnits="userSpaceOnUse" width="${step}" height="${step}" patternTransform="rotate(45)">`
        + `<rect width="${step}" height="${step}" class="fog-veil"/><line x1="0" y1="0" x2="0" y2="${step}" class="fog-line"/></pattern>`);
    }
    for (const square of this.fog) {
      svgElement('path', { d: this.geometry.outline(square, this.orientation), class: 'fog', fill: `url(#${this.fogPattern})`, 'data-fog': square }, layer);
    }
  }

  markMovable() {
    for (const shape of this.layers.squares.querySelectorAll('.square')) {
      shape.classList.toggle('movable', this.dests.has(shape.dataset.square));
    }
  }

  drawPieces(previous) {
    const layer = this.layers.pieces;
    layer.replaceChildren();
    const size = this.geometry.pieceSize * .9;
    const elements = new Map();
    for (const [square, letter] of this.placement) {
      const { x, y } = this.geometry.centre(square, this.orientation);
      const piece = svgElement('g', {
        class: square === this.pending ? 'piece pending' : 'piece', 'data-square': square, 'data-piece': letter,
        'data-drawing': drawingOf(letter, this.pieces),
      }, layer);
      const rotation = pieceRotation(letter, this.pieces, this.orientation);
      svgElement('use', {
        href: this.pieceHref(letter), x: x - size / 2, y: y - size / 2, width: size, height: size,
        ...(rotation ? { transform: `rotate(${rotation} ${x} ${y})` } : {}),
      }, piece);
      const travel = this.travelAngle(square, letter);
      if (travel !== null) {
        svgElement('path', { d: travelArrow(x, y, size, travel), class: `travel-arrow ${colorOf(letter)}` }, piece);
      }
      elements.set(square, piece);
    }
    if (previous) this.animateFrom(previous, elements);
  }

  // The screen angle (radians, 0 = up, clockwise) of the way a ring pawn goes, or null for
  // every other man: toward the next cell in its direction.
  travelAngle(square, letter) {
    const direction = kindOf(letter, this.pieces)?.direction;
    if (!direction) return null;
    const { file, rank } = parseSquare(square), cells = this.geometry.ranks;
    const step = direction === 'up' ? 1 : -1;
    let ahead = { x: 0, y: -1 };
    if (this.geometry.kind === 'ring') {
      const here = this.geometry.centre(square, this.orientation);
      const next = this.geometry.centre(squareName(file, ((rank - 1 + step + cells) % cells) + 1), this.orientation);
      ahead = { x: next.x - here.x, y: next.y - here.y };
    } else if ((step > 0) !== (this.orientation === 'white')) {
      ahead = { x: 0, y: 1 };
    }
    return Math.atan2(ahead.x, -ahead.y);
  }

  // Slides the men that moved from where they stood: each man that appeared is matched with
  // the nearest man of its colour that vanished (same letter preferred, so promotions slide too).
  animateFrom(previous, elements) {
    const appeared = [...this.placement].filter(([square, letter]) => previous.get(square) !== letter);
    const vanished = [...previous].filter(([square, letter]) => this.placement.get(square) !== letter);
    if (!appeared.length || appeared.length > 3) return;
    for (const [square, letter] of appeared) {
      const to = this.geometry.centre(square, this.orientation);
      const candidates = vanished.filter(([, old]) => colorOf(old) === colorOf(letter));
      const score = ([from, old]) => {
        const at = this.geometry.centre(from, this.orientation);
        return Math.hypot(at.x - to.x, at.y - to.y) + (old === letter ? 0 : 1e6);
      };
      candidates.sort((a, b) => score(a) - score(b));
      const match = candidates[0];
      if (!match || match[0] === this.skipAnimation) continue;
      vanished.splice(vanished.indexOf(match), 1);
      const from = this.geometry.centre(match[0], this.orientation);
      elements.get(square).animate(
        [{ transform: `translate(${from.x - to.x}px, ${from.y - to.y}px)` }, { transform: 'translate(0, 0)' }],
        { duration: 220, easing: 'ease-out' });
    }
    this.skipAnimation = null;
  }

  drawMarks() {
    const { marks, dests, overlay } = this.layers;
    marks.replaceChildren();
    dests.replaceChildren();
    overlay.replaceChildren();
    const g = this.geometry, o = this.orientation;
    const fill = (square, cls) => svgElement('path', { d: g.outline(square, o), class: cls }, marks);
    const { lastMove, check, captureSquare, refused, premove } = this.highlights;
    if (lastMove) {
      fill(lastMove.from, 'mark last-move');
      if (lastMove.to !== lastMove.from) fill(lastMove.to, 'mark last-move');
    }
    if (captureSquare) fill(captureSquare, 'mark capture-square');
    for (const square of this.highlights.changed) fill(square, 'mark seen-change');
    if (premove) for (const square of [premove.from, premove.to]) fill(square, 'mark premove');
    if (this.selected) fill(this.selected, 'mark selected');
    if (this.drag?.over && this.drag.moving) fill(this.drag.over, 'mark drag-over');
    if (check) {
      const { x, y } = g.centre(check, o);
      svgElement('circle', { cx: x, cy: y, r: g.pieceSize * .5, class: 'mark check', fill: 'url(#check-glow)' }, marks);
    }
    if (this.selected) {
      for (const target of this.dests.get(this.selected) ?? []) {
        const { x, y } = g.centre(target, o);
        const occupied = this.placement.has(target);
        svgElement('circle', occupied || target === this.selected
          ? { cx: x, cy: y, r: g.pieceSize * .46, class: 'dest capture', 'data-dest': target }
          : { cx: x, cy: y, r: g.pieceSize * .15, class: 'dest', 'data-dest': target }, dests);
      }
    }
    for (const { from, to } of refused) {
      const a = g.centre(from, o), b = g.centre(to, o);
      svgElement('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'refused-try', 'data-refused': from + to }, overlay);
      const s = g.pieceSize * .16;
      svgElement('path', { d: `M${b.x - s} ${b.y - s}L${b.x + s} ${b.y + s}M${b.x + s} ${b.y - s}L${b.x - s} ${b.y + s}`, class: 'refused-cross' }, overlay);
    }
    if (this.cursor && this.svg.matches(':focus-visible')) {
      svgElement('path', { d: g.outline(this.cursor, o), class: 'keyboard-cursor' }, overlay);
    }
  }

  // --- input ---

  listen() {
    this.svg.setAttribute('tabindex', '0');
    this.svg.setAttribute('role', 'application');
    this.svg.addEventListener('pointerdown', event => this.pointerDown(event));
    this.svg.addEventListener('pointermove', event => this.pointerMove(event));
    this.svg.addEventListener('pointerup', event => this.pointerUp(event));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
    this.svg.addEventListener('keydown', event => this.keyDown(event));
    this.svg.addEventListener('focus', () => { this.cursor ??= this.selected ?? this.defaultCursor(); this.drawMarks(); this.describeCursor(); });
    this.svg.addEventListener('blur', () => this.drawMarks());
  }

  squareAtEvent(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    return this.geometry.squareAt(point.x, point.y, this.orientation);
  }

  canMove(from, to) {
    return this.dests.get(from)?.has(to) ?? false;
  }

  select(square) {
    this.selected = square;
    this.drawMarks();
  }

  play(from, to, dragged = false) {
    this.selected = null;
    this.drawMarks();
    if (dragged) this.skipAnimation = from;
    this.onMove?.(from, to, { dragged });
  }

  pointerDown(event) {
    if (event.button !== 0) return;
    const square = this.squareAtEvent(event);
    if (!square) return;
    event.preventDefault();
    if (this.selected && square !== this.selected && this.canMove(this.selected, square)) {
      this.play(this.selected, square);
      return;
    }
    if (!this.dests.has(square)) {
      this.select(null);
      return;
    }
    const again = square === this.selected;
    this.select(square);
    this.svg.setPointerCapture(event.pointerId);
    this.drag = { from: square, again, startX: event.clientX, startY: event.clientY, moving: false, over: square };
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag) return;
    if (!drag.moving && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_THRESHOLD_PX) return;
    drag.moving = true;
    this.hideName();
    const piece = this.svg.querySelector(`.piece[data-square="${drag.from}"]`);
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    const centre = this.geometry.centre(drag.from, this.orientation);
    if (piece) {
      piece.classList.add('dragging');
      piece.setAttribute('transform', `translate(${point.x - centre.x} ${point.y - centre.y})`);
      this.layers.drag.append(piece);
    }
    const over = this.geometry.squareAt(point.x, point.y, this.orientation);
    if (over !== drag.over) { drag.over = over; this.drawMarks(); }
  }

  pointerUp(event) {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    if (drag.moving) {
      const target = this.squareAtEvent(event);
      this.resetDraggedPiece(drag.from);
      if (target && target !== drag.from && this.canMove(drag.from, target)) this.play(drag.from, target, true);
      else this.drawMarks();
      return;
    }
    if (drag.again) {
      if (this.canMove(drag.from, drag.from)) this.play(drag.from, drag.from);
      else this.select(null);
    }
  }

  cancelDrag() {
    if (!this.drag) return;
    this.resetDraggedPiece(this.drag.from);
    this.drag = null;
    this.drawMarks();
  }

  resetDraggedPiece(square) {
    const piece = this.layers.drag.querySelector(`.piece[data-square="${square}"]`);
    if (!piece) return;
    piece.removeAttribute('transform');
    piece.classList.remove('dragging');
    this.layers.pieces.append(piece);
  }

  // Keyboard: arrows move a cursor, Enter or Space acts as a click on it, Escape deselects.
  keyDown(event) {
    const key = event.key;
    if (key.startsWith('Arrow')) {
      event.preventDefault();
      this.cursor = this.geometry.step(this.cursor ?? this.defaultCursor(), key, this.orientation) ?? this.cursor;
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      this.activate(this.cursor ?? this.defaultCursor());
    } else if (key === 'Escape') {
      this.selected = null;
    } else {
      return;
    }
    event.stopPropagation();
    this.drawMarks();
    this.describeCursor();
  }

  activate(square) {
    if (this.selected && this.canMove(this.selected, square)) this.play(this.selected, square);
    else if (square === this.selected) this.select(null);
    else if (this.dests.has(square)) this.select(square);
    else this.select(null);
  }

  defaultCursor() {
    return [...this.dests.keys()][0] ?? this.geometry.squares[this.geometry.squares.length - 1];
  }

  describeCursor() {
    const letter = this.placement.get(this.cursor);
    const what = letter ? manName(letter, this.pieces) : this.fog.includes(this.cursor) ? 'fog, unknown' : 'empty';
    const state = this.selected ? `, ${this.selected} selected` : '';
    this.svg.setAttribute('aria-label', `Board, cursor on ${this.cursor}: ${what}${state}. Arrows move, Enter selects.`);
  }

  // --- names ---

  // A mouse resting on a man, or a finger pressed on one for a moment, names it.
  listenForNames() {
    const name = event => {
      const square = this.squareAtEvent(event);
      const letter = square && this.placement.get(square);
      if (!letter || this.drag?.moving) return this.hideName();
      const { x, y } = this.geometry.centre(square, this.orientation);
      const box = this.svg.getBoundingClientRect(), scale = box.width / this.geometry.width;
      this.tip.textContent = manName(letter, this.pieces).replace(/^./, c => c.toUpperCase());
      this.tip.dataset.square = square;
      this.tip.style.left = `${x * scale}px`;
      this.tip.style.top = `${(y - this.geometry.pieceSize / 2) * scale}px`;
      this.tip.hidden = false;
    };
    this.svg.addEventListener('pointermove', event => {
      if (event.pointerType === 'mouse' && !event.buttons) name(event);
      else if (this.press && Math.hypot(event.clientX - this.press.x, event.clientY - this.press.y) > DRAG_THRESHOLD_PX) this.endPress();
    });
    this.svg.addEventListener('pointerleave', () => { this.endPress(); this.hideName(); });
    this.svg.addEventListener('pointerdown', event => {
      this.hideName();
      const timer = setTimeout(() => name(event), LONG_PRESS_MS);
      this.press = { timer, x: event.clientX, y: event.clientY };
    });
    this.svg.addEventListener('pointerup', () => this.endPress());
    this.svg.addEventListener('pointercancel', () => this.endPress());
    this.svg.addEventListener('contextmenu', event => { if (!this.tip.hidden) event.preventDefault(); });
  }

  endPress() {
    if (this.press) clearTimeout(this.press.timer);
    this.press = null;
  }

  hideName() {
    this.tip.hidden = true;
  }
}
