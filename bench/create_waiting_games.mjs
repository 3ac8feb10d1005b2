// Creates N timed games by invitation (nobody joins them), or with `local` N untimed games on one
// device (in play, nobody opens them), against the server at URL, 32 requests at a time:
// node bench/create_waiting_games.mjs http://127.0.0.1:8080 20000 [local]
const [url, count, kind] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
const body = JSON.stringify(kind === 'local' ? { variant: 'chess', local: true }
  : { variant: 'chess', clock: { initial_s: 300, increment_s: 2 } });
let started = 0, failed = 0;
const began = Date.now();
async function creator() {
  while (started < count) {
    started++;
    const response = await fetch(`${url}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (response.status !== 201) failed++;
    await response.text();
  }
}
await Promise.all(Array.from({ length: 32 }, creator));
console.log(`created ${count - failed} games (${failed} refused) in ${Date.now() - began} ms`);
