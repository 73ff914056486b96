// A benchmark's parent process and a child it drives over IPC with `{ type, ... }` messages: the parent forks the
// child and awaits its answers by type; an app child boots the app, says `ready` with its port and answers requests.
const { fork } = require('node:child_process');
const { basename } = require('node:path');

/**
 * Forks `file` (stdout and stderr inherited, IPC open; `options` as fork's) and ends this process when it exits with
 * an error. Answers `{ child, next }`: `next(type)` resolves with the child's next message of that type.
 */
function forkChild(file, options = {}) {
  const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], ...options });
  const waiting = new Map();
  child.on('message', (m) => waiting.get(m.type)?.(m));
  child.on('exit', (code) => code && (console.error(`${basename(file)} exited with ${code}`), process.exit(1)));
  return { child, next: (type) => new Promise((resolve) => waiting.set(type, resolve)) };
}

/**
 * The child's side: `boot()` starts the app (a test app: `{ baseUrl, close }`), then `{ type: 'ready', port }` goes to
 * the parent. A message whose type `handlers` names is answered with what its handler resolves to; `exit` closes the
 * app and ends the process. An error ends the process with status 1.
 */
function serveOverIpc(boot, handlers) {
  let app;
  const fail = (error) => {
    console.error(error);
    process.exit(1);
  };
  process.on('message', async (message) => {
    try {
      if (message.type === 'exit') {
        await app.close();
        process.exit(0);
      }
      if (handlers[message.type]) process.send(await handlers[message.type](message));
    } catch (error) {
      fail(error);
    }
  });
  boot().then((booted) => {
    app = booted;
    process.send({ type: 'ready', port: Number(new URL(app.baseUrl).port) });
  }, fail);
}

module.exports = { forkChild, serveOverIpc };
