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

let variantsPromise = null;
export function fetchVariants() {
  variantsPromise ??= request('GET', '/api/variants').then(data => data.variants)
    .catch(error => { variantsPromise = null; throw error; });
  return variantsPromise;
}

export const createGame = options => request('POST', '/api/games', options);
export const joinGame = code => request('POST', `/api/join/${encodeURIComponent(code)}`);
export const fetchGame = (id, token) => request('GET', `/api/games/${encodeURIComponent(id)}`, undefined, token);
export const fetchFinishedGames = limit => request('GET', `/api/games?status=finished&limit=${limit}`).then(data => data.games);
export const pgnPath = id => `/api/games/${encodeURIComponent(id)}/pgn`;

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
