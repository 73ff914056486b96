// The baseline: a bare Express app answering a static JSON document, on the same machine and Node.js.
// Started by run.js as its own process; prints the port it listens on.
const express = require('express');

const app = express();
app.disable('x-powered-by');
const body = {
  status: 'ok',
  user: { id: '00000000-0000-0000-0000-000000000000', name: 'Baseline', handle: 'baseline' },
};
app.get('/json', (_req, res) => res.json(body));
const server = app.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
