// What the benchmarks share: their `--name value` options, and a fresh `arbiter serve` on a free
// loopback port with its own database in a temporary folder (also its web folder).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const defaultBinary = path.join(path.dirname(fileURLToPath(import.meta.url)), '../build/arbiter');

// `defaults` with the command line's values over them (numbers stay numbers); an unknown name throws.
export function parseOptions(defaults, argv = process.argv.slice(2)) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in options) || argv[i + 1] === undefined) throw new Error(`unknown option or missing value: ${argv[i]}`);
    options[name] = typeof options[name] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  return options;
}

// Starts `binary serve ...args` and resolves once it listens: {server, base (http://...), dir}.
// The server is killed when this process exits; `remove()` deletes the folder.
export async function startServer(binary, args, name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `arbiter-${name}-`));
  const server = spawn(binary, ['serve', '--port', '0', '--db', path.join(dir, `${name}.db`), '--web', dir, ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', chunk => {
      out += chunk;
      const found = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (found) resolve(found[1].replace(/\/$/, ''));
    });
    server.once('exit', () => reject(new Error('arbiter serve exited: ' + out)));
  });
  process.on('exit', () => server.kill('SIGKILL'));
  return { server, base, dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
