// HTTP calls to the server, and the seats this browser holds (kept in localStorage so that a
// reload or a return days later keeps the seat).

export class HttpError extends Error {
  constructor(status, body) {
    super(body?.message ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

// A seat's token goes in the Authorization header, never in the URL: URLs end up in logs.
async function request(method, path, body, token) {
  const headers = {};
  if (body) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new HttpError(response.status, data);
  return data;
}

// GET /api/variants, asked once: the variants and the computer's levels.
let catalogPromise = null;
function fetchCatalog() {
  catalogPromise ??= request('GET', '/api/variants').catch(error => { catalogPromise = null; throw error; });
  return catalogPromise;
}
export const fetchVariants = () => fetchCatalog().then(data => data.variants);
// Each computer level's measured rating, by level.
export const fetchLevelRatings = () => fetchCatalog().then(data => new Map((data.levels ?? []).map(({ level, rating }) => [level, rating])));

export const createGame = options => request('POST', '/api/games', options);
// A join carries the joiner's own secret, which becomes the seat's token. It is kept before it
// is sent: when the answer is lost (the network, a server restart) the same join is sent again,
// now or on a reload, and gets the same seat instead of "already used".
// 128 random bits, base64url: a seat secret the server accepts.
export function newSecret() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
// This browser's id for the lobby (`/ws/lobby?browser=`): random, kept, and only what makes two
// of its tabs one person, who may not take their own open game. Not a secret: it gives no seat.
const BROWSER_KEY = 'arbiter.browser';
export function browserId() {
  let id = localStorage.getItem(BROWSER_KEY);
  if (!id) {
    id = newSecret();
    localStorage.setItem(BROWSER_KEY, id);
  }
  return id;
}
const joinSecretKey = target => `arbiter.join.${target}`;
function joinSecret(target) {
  let secret = localStorage.getItem(joinSecretKey(target));
  if (!secret) {
    secret = newSecret();
    localStorage.setItem(joinSecretKey(target), secret);
  }
  return secret;
}
const JOIN_RETRIES_MS = [1000, 2000, 4000];
async function joinWithSecret(path, target, name) {
  const token = joinSecret(target);
  for (let attempt = 0; ; attempt++) {
    try {
      const joined = await request('POST', path, { name, token });
      localStorage.removeItem(joinSecretKey(target));  // the seat holds it now
      return joined;
    } catch (failure) {
      // An answer other than a server error is final; a network failure is tried again.
      if (failure instanceof HttpError && failure.status < 500) localStorage.removeItem(joinSecretKey(target));
      if (failure instanceof HttpError || attempt >= JOIN_RETRIES_MS.length) throw failure;
      await new Promise(resolve => setTimeout(resolve, JOIN_RETRIES_MS[attempt]));
    }
  }
}
// What an invitation shows before it is taken: {id, variant, status, clock, names, color}.
export const fetchInvitation = code => request('GET', `/api/join/${encodeURIComponent(code)}`);
export const joinGame = (code, name) => joinWithSecret(`/api/join/${encodeURIComponent(code)}`, `invite.${code}`, name);
export const fetchGame = (id, token) => request('GET', `/api/games/${encodeURIComponent(id)}`, undefined, token);
// A page of games: status 'playing' | 'finished', variant ('' for all), before (a page's "next").
export const fetchGames = ({ status, variant = '', before = '', limit = 10 }) =>
  request('GET', `/api/games?${new URLSearchParams({ status, limit: String(limit), ...(variant ? { variant } : {}), ...(before ? { before } : {}) })}`);
// The game link as the invitation: takes the free seat of a waiting game.
export const joinByLink = (id, name) => joinWithSecret(`/api/games/${encodeURIComponent(id)}/join`, `game.${id}`, name);
export const pgnPath = id => `/api/games/${encodeURIComponent(id)}/pgn`;
// A finished game's analysis: {status: 'done', positions, ...} or how far it is ('queued', 'running').
const analysisPath = id => `/api/games/${encodeURIComponent(id)}/analysis`;
export const fetchAnalysis = id => request('GET', analysisPath(id));
export const requestAnalysis = id => request('POST', analysisPath(id));

// --- seats held by this browser ---
// A seat: {color, token, invite?} for one player, or {local: true, tokens: {white, black}}.

const seatKey = id => `arbiter.seat.${id}`;
const inviteKey = code => `arbiter.invite.${code}`;

function readJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

export const loadSeat = id => readJson(seatKey(id));
export const saveSeat = (id, seat) => localStorage.setItem(seatKey(id), JSON.stringify(seat));
export const gameForInvite = code => localStorage.getItem(inviteKey(code));
export const rememberInvite = (code, id) => localStorage.setItem(inviteKey(code), id);
export const inviteCode = invitePath => invitePath.split('/').pop();
// The ids of every game this browser holds a seat in.
export function heldGameIds() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith('arbiter.seat.')) ids.push(key.slice('arbiter.seat.'.length));
  }
  return ids;
}
