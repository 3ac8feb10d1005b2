// A finished game's analysis: "Analyse" asks the server to run the engine over every position;
// while it runs the panel says how far it is; once done it draws the evaluation graph (SVG), the
// evaluation, best move and line of the position shown, and the marks (?!, ?, ??) in the move
// list. All of it is the server's (GET /api/games/<id>/analysis, PROTOCOL.md): the page derives
// nothing, it draws White's winning chances, the evaluations, lines and marks as sent.
import { fetchAnalysis, HttpError, requestAnalysis } from './api.js';
import { h } from './dom.js';
import { evalText } from './evaluation.js';

const POLL_MS = 1000;
const SVG_NS = 'http://www.w3.org/2000/svg';
const WIDTH = 300, HEIGHT = 80;

function svg(tag, attributes = {}) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

const JUDGEMENT_TITLES = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };

export class AnalysisPanel {
  // host: where the panel goes (after it); go(index): show the position after `index` plies.
  constructor(host, { gameId, moveList, go }) {
    this.gameId = gameId;
    this.moveList = moveList;
    this.go = go;
    this.analysis = null;  // the server's, once done
    this.looked = false;   // asked once whether the game is analysed already
    // Shown once the server says the game is not analysed.
    this.button = h('button.button.primary', { type: 'button', hidden: true, onclick: () => this.ask() }, 'Analyse');
    this.note = h('p.analysis-note', { 'aria-live': 'polite' });
    this.graph = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'analysis-graph', role: 'img',
      'aria-label': 'Evaluation graph: White\u2019s winning chances after each move', preserveAspectRatio: 'none' });
    this.graph.setAttribute('hidden', '');  // an SVG element has no `hidden` property
    this.graph.addEventListener('click', event => this.pick(event));
    this.evaluation = h('p.analysis-eval');
    this.best = h('p.analysis-best');
    this.judgement = h('p.analysis-judgement');
    this.panel = h('section.panel.analysis', { hidden: true, 'aria-label': 'Analysis' },
      h('div.analysis-head', {}, h('strong', {}, 'Analysis'), this.button), this.note, this.graph,
      this.evaluation, this.judgement, this.best);
    host.after(this.panel);
  }

  render(view) {
    const finished = view.status === 'finished';
    this.panel.hidden = !finished;
    if (!finished) return;
    if (!this.looked) {
      this.looked = true;
      this.load(fetchAnalysis(this.gameId));
    }
    this.index = view.board.index;
    this.drawCurrent();
    this.markMoves();
  }

  async ask() {
    this.button.disabled = true;
    await this.load(requestAnalysis(this.gameId));
  }

  // Reads an answer: done, under way (read again shortly), or refused (the server's words).
  async load(answer) {
    let body;
    try {
      body = await answer;
    } catch (failure) {
      this.button.disabled = false;
      this.button.hidden = false;
      this.note.textContent = failure instanceof HttpError ? failure.message : 'The server could not be reached: try again.';
      return;
    }
    if (body.status === 'none') {
      this.button.hidden = false;
      this.note.textContent = 'The engine has not looked at this game yet.';
      return;
    }
    if (body.status === 'done') {
      this.analysis = body;
      this.button.hidden = true;
      this.note.textContent = `Engine: ${body.movetime_ms} ms a position.`;
      this.drawGraph();
      this.drawCurrent();
      this.markMoves();
      return;
    }
    this.button.hidden = true;
    this.note.textContent = body.status === 'queued' ? 'Waiting for the engine\u2026'
      : `Analysing: ${body.positions_done} of ${body.positions} positions\u2026`;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.load(fetchAnalysis(this.gameId)), POLL_MS);
  }

  x(ply) {
    const last = Math.max(1, this.analysis.positions.length - 1);
    return (ply / last) * WIDTH;
  }

  y(chances) {
    return HEIGHT / 2 - (chances * HEIGHT) / 2;
  }

  drawGraph() {
    const positions = this.analysis.positions;
    const points = positions.map(p => `${this.x(p.ply).toFixed(1)},${this.y(p.chances).toFixed(1)}`);
    const area = `0,${HEIGHT / 2} ${points.join(' ')} ${this.x(positions.length - 1).toFixed(1)},${HEIGHT / 2}`;
    this.cursor = svg('line', { class: 'cursor', x1: 0, x2: 0, y1: 0, y2: HEIGHT });
    this.graph.replaceChildren(
      svg('rect', { class: 'background', x: 0, y: 0, width: WIDTH, height: HEIGHT }),
      svg('polygon', { class: 'advantage', points: area }),
      svg('line', { class: 'middle', x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2 }),
      svg('polyline', { class: 'curve', points: points.join(' ') }),
      ...positions.filter(p => p.judgement).map(p => svg('circle', {
        class: `mark ${p.judgement}`, cx: this.x(p.ply).toFixed(1), cy: this.y(p.chances).toFixed(1), r: 2.5,
        'data-ply': p.ply,
      })),
      this.cursor);
    this.graph.removeAttribute('hidden');
  }

  // A click on the graph shows the position nearest to it.
  pick(event) {
    if (!this.analysis) return;
    const box = this.graph.getBoundingClientRect();
    const last = this.analysis.positions.length - 1;
    this.go(Math.round(((event.clientX - box.left) / box.width) * last));
  }

  drawCurrent() {
    const here = this.analysis?.positions[this.index];
    this.evaluation.hidden = this.best.hidden = this.judgement.hidden = !here;
    if (!here) return;
    this.cursor.setAttribute('x1', this.x(here.ply));
    this.cursor.setAttribute('x2', this.x(here.ply));
    this.evaluation.textContent = `Evaluation: ${evalText(here.eval)}`;
    // The line starts with the best move: that move is marked, not said twice.
    this.best.replaceChildren(...(here.best
      ? [h('span', {}, 'Best: '), h('strong.analysis-best-move', {}, here.best), h('span.analysis-line', {}, ['', ...here.line.slice(1)].join(' '))]
      : [h('span', {}, 'The game is over here.')]));
    this.judgement.hidden = !here.judgement;
    this.judgement.className = `analysis-judgement ${here.judgement ?? ''}`;
    this.judgement.textContent = here.judgement ? `${here.san}${here.mark} ${JUDGEMENT_TITLES[here.judgement]}` : '';
  }

  // The marks after the moves the server judged (the move list is drawn anew at every change).
  markMoves() {
    if (!this.analysis) return;
    for (const button of this.moveList.querySelectorAll('button[data-ply]')) {
      const here = this.analysis.positions[Number(button.dataset.ply) + 1];
      if (!here?.mark || button.querySelector('.move-mark')) continue;
      button.append(h(`span.move-mark.${here.judgement}`, { title: JUDGEMENT_TITLES[here.judgement] }, here.mark));
    }
  }

  destroy() {
    clearTimeout(this.timer);
  }
}
