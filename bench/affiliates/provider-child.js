// A PayPal Payouts-compatible provider in its own process (loopback): OAuth token + idempotent payouts.
const http = require('node:http');

const seen = new Map();
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/v1/oauth2/token')
      return res.end(JSON.stringify({ access_token: 'bench-token', expires_in: 32400 }));
    if (req.url === '/v1/payments/payouts' || req.url === '/baseline') {
      const key = req.headers['paypal-request-id'] || `b${seen.size}`;
      if (!seen.has(key)) seen.set(key, `PB-${seen.size + 1}`);
      res.statusCode = 201;
      return res.end(JSON.stringify({ batch_header: { payout_batch_id: seen.get(key), batch_status: 'PENDING' } }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
process.on('message', (m) => m.type === 'count' && process.send({ type: 'count', transfers: seen.size }));
