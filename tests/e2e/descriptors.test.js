// File descriptors: the soft limit is raised to the hard one at start and the connection cap
// follows it; when descriptors run out anyway, accepting pauses instead of spinning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Server } from './helpers.js';

// CPU seconds (user + system) the process has used, from /proc/<pid>/stat (in clock ticks).
const TICKS_PER_SECOND = 100;
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function openFiles(pid) {
  const line = fs.readFileSync(`/proc/${pid}/limits`, 'utf8').split('\n').find(l => l.startsWith('Max open files'));
  return line.split(/\s+/).slice(3, 5).map(Number);
}

test('the soft open-file limit is raised to the hard one, and the connection cap derived from it', async () => {
  const server = await Server.start([], { prefix: ['prlimit', '--nofile=256:2048', '--'] });
  try {
    assert.deepEqual(openFiles(server.child.pid), [2048, 2048]);
    assert.match(server.child.output, /up to 1984 connections, 198 kept for players/);
  } finally {
    await server.stop();
  }
});

test('out of descriptors, the accept loop waits instead of spinning, and recovers', async () => {
  // 64 descriptors but a cap of 500: accepting runs out of descriptors long before the cap.
  const server = await Server.start(['--max-connections', '500'], { prefix: ['prlimit', '--nofile=64:64', '--'] });
  const sockets = [];
  try {
    await Promise.all(Array.from({ length: 120 }, () => new Promise(resolve => {
      const socket = net.connect(server.port, '127.0.0.1', resolve);
      socket.on('error', resolve);
      sockets.push(socket);
    })));
    await sleep(300);  // let the server run into EMFILE
    const before = cpuSeconds(server.child.pid);
    await sleep(3000);
    const used = cpuSeconds(server.child.pid) - before;
    // Spinning takes a core (here, shared with the tests, at least a third of one); waiting, almost nothing.
    assert.ok(used < 0.25, `the server used ${used} CPU seconds in 3 s while out of descriptors`);
    for (const socket of sockets) socket.destroy();
    sockets.length = 0;
    let status;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
      try { status = (await server.api('GET', '/api/variants')).status; } catch { await sleep(50); }
    }
    assert.equal(status, 200, 'serving again once descriptors are free');
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
});
