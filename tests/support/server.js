// The one launcher of the real `arbiter serve` for the Node tests (end-to-end and browser):
// ARBITER_BIN on a loopback port the OS picks (kept across restarts), a SQLite file in a fresh
// temporary folder, and the process's output kept to explain a failure. Timeouts only guard
// against hangs; nothing waits for a fixed time. Under a sanitized build (ctest's e2e_sanitized)
// a sanitizer's report in any of the processes' output fails stop(), whatever the tests checked.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';

const START_GUARD_MS = 15000;
// AddressSanitizer's, LeakSanitizer's and UndefinedBehaviorSanitizer's reports.
const SANITIZER_REPORT = /ERROR: \w+Sanitizer|runtime error:/;

export class ArbiterServer {
  // args: more `serve` options; web: the folder served as the page (default: the empty
  // temporary folder, which also holds the database); prefix: a command the server runs under
  // (e.g. prlimit), which must exec it. Per-address limits are off unless `args` turns them on:
  // every test speaks from 127.0.0.1.
  constructor({ args = [], web, prefix = [] } = {}) {
    this.binary = process.env.ARBITER_BIN;
    assert.ok(this.binary, 'ARBITER_BIN must name the built arbiter executable');
    this.extraArgs = args.includes('--address-limits') ? args : ['--address-limits', 'off', ...args];
    this.prefix = prefix;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-test-'));
    this.web = web ?? this.dir;
    this.db = path.join(this.dir, 'arbiter.db');
    this.port = 0;  // the OS picks one the first time; restarts reuse it
    this.children = [];  // every process launched, restarts included
  }

  static async start(options) {
    const server = new this(options);
    await server.launch();
    return server;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  // Starts the process and resolves once it says where it listens.
  async launch() {
    const [command, ...prefixArgs] = [...this.prefix, this.binary];
    const child = spawn(command, [...prefixArgs, 'serve', '--port', String(this.port), '--bind', '127.0.0.1',
      '--db', this.db, '--web', this.web, ...this.extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.children.push(child);
    child.output = '';
    // 'close': the process has exited and its output is all read (a sanitizer's report included).
    child.exited = new Promise(resolve => child.once('close', (code, signal) => resolve({ code, signal })));
    this.port = await new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`arbiter serve did not start: ${child.output}`)), START_GUARD_MS);
      child.stdout.on('data', chunk => {
        child.output += chunk;
        const found = /listening on http:\/\/[^:]+:(\d+)/.exec(child.output);
        if (found) { clearTimeout(guard); resolve(Number(found[1])); }
      });
      child.stderr.on('data', chunk => { child.output += chunk; });
      child.once('exit', () => { clearTimeout(guard); reject(new Error(`arbiter serve exited: ${child.output}`)); });
    });
  }

  async kill() {
    this.child.kill('SIGKILL');
    await this.child.exited;
  }

  // Same port, same database: for dropped connections and restarts.
  async restart() {
    await this.launch();
  }

  // SIGTERM, and the exit status.
  async terminate() {
    this.child.kill('SIGTERM');
    return this.child.exited;
  }

  async stop() {
    if (this.child.exitCode === null && this.child.signalCode === null) await this.terminate();
    await this.child.exited;
    fs.rmSync(this.dir, { recursive: true, force: true });
    const reported = this.children.find(child => SANITIZER_REPORT.test(child.output));
    if (reported) assert.fail(`a sanitizer reported an error in arbiter serve:\n${reported.output}`);
  }
}
