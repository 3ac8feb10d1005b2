// A cluster on this machine's loopback, as deploy/ describes it: Debian's redis-server (its own
// config: a temporary folder, no persistence, a free port) and haproxy (deploy/haproxy.cfg, its
// addresses from the environment), and three `arbiter serve --node a|b|c --redis ...` nodes,
// each with its own SQLite file. Everything is started here and stopped by stop(); nothing waits
// for a fixed time (guards only against hangs).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server, metricSamples } from '../e2e/helpers.js';
import { LobbyClient } from '../e2e/lobby_client.js';

const GUARD_MS = 20000;
const HAPROXY_CFG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));

// A loopback port free now (the OS's pick): Redis and HAProxy cannot be told "0" and report.
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// Resolves once `ready()` holds, checking every `every` ms; rejects after the guard.
export async function until(ready, what, { every = 50, guard = GUARD_MS } = {}) {
  const deadline = Date.now() + guard;
  for (;;) {
    const value = await ready();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never ${what}`);
    await new Promise(resolve => setTimeout(resolve, every));
  }
}

// A child process whose output is kept; `started` resolves once its output matches `ready`.
function launch(command, args, { env, ready, name }) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.output = '';
  child.exited = new Promise(resolve => child.once('close', (code, signal) => resolve({ code, signal })));
  if (!ready) {
    child.stdout.on('data', chunk => { child.output += chunk; });
    child.stderr.on('data', chunk => { child.output += chunk; });
    return child;
  }
  child.started = new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error(`${name} did not start: ${child.output}`)), GUARD_MS);
    const read = chunk => {
      child.output += chunk;
      if (ready.test(child.output)) { clearTimeout(guard); resolve(); }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => { clearTimeout(guard); reject(new Error(`${name} exited: ${child.output}`)); });
  });
  return child;
}

export class Redis {
  constructor(port) {
    this.port = port;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-redis-'));
  }

  async start() {
    this.child = launch('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
      '--dir', this.dir, '--daemonize', 'no', '--logfile', ''], { name: 'redis-server', ready: /Ready to accept connections/ });
    await this.child.started;
  }

  async stop() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGCONT');  // a paused server would not hear the SIGTERM
      this.child.kill('SIGTERM');
    }
    if (this.child) await this.child.exited;
  }

  // One command whose reply is one line (an integer, a status), over a connection of its own: the
  // reply as RESP text (":1\r\n").
  command(...words) {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.port, '127.0.0.1');
      let reply = '';
      socket.on('data', chunk => {
        reply += chunk;
        if (reply.endsWith('\r\n')) { socket.end(); resolve(reply); }
      });
      socket.on('error', reject);
      socket.write(`*${words.length}\r\n${words.map(w => `$${Buffer.byteLength(w)}\r\n${w}\r\n`).join('')}`);
    });
  }

  // One command through redis-cli: its answer as redis-cli prints it, trimmed.
  cli(...args) {
    return new Promise((resolve, reject) => {
      execFile('redis-cli', ['-p', String(this.port), ...args], { timeout: GUARD_MS }, (error, stdout) =>
        error ? reject(error) : resolve(stdout.trim()));
    });
  }

  // Hung as a stopped process is: connections are accepted (by the kernel), nothing is answered.
  pause() { this.child.kill('SIGSTOP'); }
  resume() { this.child.kill('SIGCONT'); }

  async remove() {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export class Cluster {
  // `nodeArgs`: more `serve` options for every node; `argsOf`: for one node, by name.
  static async start({ nodeArgs = [], argsOf = {} } = {}) {
    const cluster = new Cluster();
    try {
      await cluster.launch(nodeArgs, argsOf);
    } catch (error) {
      await cluster.stop();  // whatever had started
      throw error;
    }
    return cluster;
  }

  async launch(nodeArgs, argsOf) {
    const cluster = this;
    cluster.redis = new Redis(await freePort());
    await cluster.redis.start();
    const redis = `127.0.0.1:${cluster.redis.port}`;
    cluster.nodes = {};
    for (const name of ['a', 'b', 'c'])
      cluster.nodes[name] = await Server.start(['--node', name, '--redis', redis, '--trusted-proxy', '127.0.0.1',
        '--metrics', '127.0.0.1:0', ...nodeArgs, ...(argsOf[name] ?? [])]);
    cluster.frontPort = await freePort();
    cluster.haproxy = launch('haproxy', ['-db', '-f', HAPROXY_CFG], {
      name: 'haproxy',  // it says nothing when all is well: ready once it routes to each node (below)
      env: {
        ARBITER_FRONT: `127.0.0.1:${cluster.frontPort}`,
        ARBITER_NODE_A: `127.0.0.1:${cluster.nodes.a.port}`,
        ARBITER_NODE_B: `127.0.0.1:${cluster.nodes.b.port}`,
        ARBITER_NODE_C: `127.0.0.1:${cluster.nodes.c.port}`,
        ARBITER_CONNECTIONS_PER_ADDRESS: '10000',
        ARBITER_REQUESTS_PER_10S: '100000',
      },
    });
    for (const name of ['a', 'b', 'c']) await cluster.front.untilServed(name);
  }

  // A node's /metrics as {sample: value}, from its --metrics port (its main port's /metrics is for
  // loopback clients no proxy forwards, and 127.0.0.1 is its trusted proxy here).
  async metrics(name) {
    const node = this.nodes[name];
    const [, port] = /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(node.child.output);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    return metricSamples(await response.text());
  }

  // HAProxy's address, with the calls of the e2e Server (api, connect), and a wait until a node
  // is back in its rotation.
  get front() {
    const cluster = this;
    const front = Object.create(Server.prototype);
    Object.assign(front, { port: this.frontPort, clients: this.frontClients ??= [] });
    front.untilServed = name => until(async () => {
      try {
        const healthy = await fetch(`http://127.0.0.1:${cluster.frontPort}/api/games/${name}_000000000000`);
        return healthy.status === 404;  // that node answered (no such game); HAProxy says 503 while it is out
      } catch { return false; }
    }, `HAProxy sends node ${name}'s requests to it (haproxy: ${cluster.haproxy.output})`);
    return front;
  }

  // A lobby socket on node `name`, once it has the lobby's first message.
  async lobbyOn(name) {
    const node = this.nodes[name];
    const client = new LobbyClient(`ws://127.0.0.1:${node.port}/ws/lobby`);
    node.clients.push(client);
    await client.opened;
    await client.next(m => m.t === 'lobby', 'the lobby');
    return client;
  }

  async stop() {
    for (const client of this.frontClients ?? []) client.close();
    if (this.haproxy) {
      if (this.haproxy.exitCode === null && this.haproxy.signalCode === null) this.haproxy.kill('SIGTERM');
      await this.haproxy.exited;
    }
    for (const node of Object.values(this.nodes ?? {})) await node.stop();
    await this.redis?.remove();
  }
}
