import { createServer, type IncomingMessage, type Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { CryptoDriver, PaypalDriver, TransferFailed } from '../../src/modules/affiliates/payouts/payout-drivers';

/** The PayPal Payouts and USDC custody drivers against local servers speaking those APIs (idempotent by key). */
describe('payout drivers', () => {
  let server: Server;
  let base: string;
  const sent = new Map<string, string>();
  const calls: string[] = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await read(req);
      calls.push(`${req.method} ${req.url}`);
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/v1/oauth2/token') {
        const ok = req.headers.authorization === `Basic ${Buffer.from('client:secret').toString('base64')}`;
        res.statusCode = ok ? 200 : 401;
        return res.end(
          JSON.stringify(ok ? { access_token: 'token-1', token_type: 'Bearer' } : { error: 'invalid_client' }),
        );
      }
      const key = String(req.headers['paypal-request-id'] ?? req.headers['idempotency-key'] ?? '');
      if (req.url === '/v1/payments/payouts') {
        const item = JSON.parse(body).items[0];
        if (item.receiver === 'blocked@example.test') {
          res.statusCode = 422;
          return res.end(JSON.stringify({ name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered.' }));
        }
        if (!sent.has(key)) sent.set(key, `PB-${sent.size + 1}`);
        res.statusCode = 201;
        return res.end(JSON.stringify({ batch_header: { payout_batch_id: sent.get(key), batch_status: 'PENDING' } }));
      }
      if (req.url === '/v1/transfers') {
        if (!sent.has(key)) sent.set(key, `tx-${sent.size + 1}`);
        res.statusCode = 201;
        return res.end(JSON.stringify({ id: sent.get(key), status: 'submitted' }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const transfer = (key: string, destination: string) => ({
    idempotencyKey: key,
    amountMinor: 12_345,
    currency: 'USD',
    destination,
    payoutId: key,
  });

  it('pays through PayPal once per idempotency key, even when sent twice', async () => {
    const paypal = new PaypalDriver({ baseUrl: base, clientId: 'client', secret: 'secret' });
    const first = await paypal.send(transfer('batch-1:aff-1', 'jane@example.test'));
    const again = await paypal.send(transfer('batch-1:aff-1', 'jane@example.test'));
    expect(again.reference).toBe(first.reference);
    expect(calls.filter((c) => c === 'POST /v1/payments/payouts')).toHaveLength(2);
    expect([...sent.keys()].filter((k) => k === 'batch-1:aff-1')).toHaveLength(1);
  });

  it('turns a refusal into a failed transfer with the provider reason', async () => {
    const paypal = new PaypalDriver({ baseUrl: base, clientId: 'client', secret: 'secret' });
    await expect(paypal.send(transfer('batch-1:aff-2', 'blocked@example.test'))).rejects.toThrow(
      new TransferFailed('Receiver is unregistered.'),
    );
    const wrongSecret = new PaypalDriver({ baseUrl: base, clientId: 'client', secret: 'nope' });
    await expect(wrongSecret.send(transfer('k', 'a@b.test'))).rejects.toThrow(/refused the credentials \(401\)/);
  });

  it('sends USDC with the key and refuses when unconfigured', async () => {
    const crypto = new CryptoDriver({ baseUrl: base, apiKey: 'k' });
    expect((await crypto.send(transfer('batch-2:aff-3', `0x${'ab'.repeat(20)}`))).reference).toMatch(/^tx-/);
    await expect(new CryptoDriver({ baseUrl: null, apiKey: null }).send(transfer('x', '0x'))).rejects.toThrow(
      /not configured/,
    );
  });
});

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}
