// The baseline: a bare Express app answering a static JSON document, on the same machine and Node.js.
// Started by run.js as its own process; prints the port it listens on. BASELINE_BODY_FILE: answer that JSON
// document instead (serialised on every request, as the app does), to compare a route's framework cost alone.
const express = require('express');
const fs = require('node:fs');

const app = express();
app.disable('x-powered-by');
const body = process.env.BASELINE_BODY_FILE
  ? JSON.parse(fs.readFileSync(process.env.BASELINE_BODY_FILE, 'utf8'))
  : {
      status: 'ok',
      user: { id: '00000000-0000-0000-0000-000000000000', name: 'Baseline', handle: 'baseline' },
    };
app.get('/json', (_req, res) => res.json(body));
const server = app.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
