import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeServer {
  url: string;
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: Buffer }>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function start(
  handler: (req: IncomingMessage, body: Buffer, res: ServerResponse, base: string) => Promise<void> | void,
): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  let base = '';
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({ method: req.method!, path: req.url!, headers: req.headers, body });
    try {
      await handler(req, body, res, base);
    } catch (error) {
      res.statusCode = 500;
      res.end(JSON.stringify({ detail: (error as Error).message }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A "generated" picture: a tinted version of whatever came in, or a plain one. */
export async function fakeRender(tint = '#3366aa', width = 512, height = 384): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: tint } })
    .png()
    .toBuffer();
}

export type ReplicateScenario =
  | { kind: 'succeed'; polls: number; rateLimitFirstPoll?: boolean }
  | { kind: 'model-error'; message: string }
  | { kind: 'http-error'; status: number; detail: string }
  | { kind: 'never-finishes' };

/**
 * Speaks Replicate's HTTP API: POST /v1/predictions or /v1/models/{o}/{n}/predictions → prediction
 * {id, status: starting, urls.get}; GET /v1/predictions/{id} moves to processing, then succeeded
 * with output URLs (served here) or failed with an error; Bearer token checked (401 with detail).
 */
export async function fakeReplicate(
  token: string,
  scenario: () => ReplicateScenario,
): Promise<FakeServer & { predictions: Map<string, { polls: number; scenario: ReplicateScenario; input: any }> }> {
  const predictions = new Map<string, { polls: number; scenario: ReplicateScenario; input: any }>();
  const png = await fakeRender('#aa6633', 640, 480);
  let counter = 0;
  const server = await start(async (req, body, res, base) => {
    if (req.url === '/files/out.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(png);
      return;
    }
    if (req.headers.authorization !== `Bearer ${token}`)
      return json(res, 401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });
    const create =
      req.method === 'POST' &&
      (req.url === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(req.url!));
    if (create) {
      const s = scenario();
      if (s.kind === 'http-error')
        return json(res, s.status, { title: 'Invalid input', detail: s.detail, status: s.status });
      const parsed = JSON.parse(body.toString());
      if (!parsed.input?.image?.startsWith('data:image/jpeg;base64,') || !parsed.input?.prompt)
        return json(res, 422, { detail: '- input.image: required', status: 422 });
      const id = `p${++counter}`;
      predictions.set(id, { polls: 0, scenario: s, input: parsed.input });
      return json(res, 201, {
        id,
        status: 'starting',
        input: {},
        output: null,
        error: null,
        urls: { get: `${base}/v1/predictions/${id}`, cancel: `${base}/v1/predictions/${id}/cancel` },
      });
    }
    const poll = /^\/v1\/predictions\/([^/]+)$/.exec(req.url!);
    if (req.method === 'GET' && poll) {
      const p = predictions.get(poll[1]);
      if (!p) return json(res, 404, { detail: 'Not found.' });
      p.polls++;
      const s = p.scenario;
      if (s.kind === 'succeed' && s.rateLimitFirstPoll && p.polls === 1)
        return json(res, 429, { detail: 'Request was throttled.' }, { 'Retry-After': '1' });
      if (s.kind === 'succeed' && p.polls >= s.polls)
        return json(res, 200, {
          id: poll[1],
          status: 'succeeded',
          output: [`${base}/files/out.png`],
          error: null,
          metrics: { predict_time: 4.2 },
        });
      if (s.kind === 'model-error' && p.polls >= 2)
        return json(res, 200, { id: poll[1], status: 'failed', output: null, error: s.message });
      return json(res, 200, { id: poll[1], status: 'processing', output: null, error: null });
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(req.url!);
    if (req.method === 'POST' && cancel) return json(res, 200, { id: cancel[1], status: 'canceled' });
    json(res, 404, { detail: 'Not found.' });
  });
  return Object.assign(server, { predictions });
}

export type OpenAiScenario =
  | { kind: 'b64'; delayMs?: number }
  | { kind: 'url' }
  | { kind: 'error'; status: number; message: string; code?: string; type?: string };

/**
 * Speaks OpenAI's images API: POST /v1/images/edits (multipart: model, image, prompt, n, size) →
 * { created, data: [{ b64_json }] , usage }, errors as { error: { message, type, code } }.
 * Also POST /v1/chat/completions for the design chat.
 */
export async function fakeOpenAi(apiKey: string, scenario: () => OpenAiScenario): Promise<FakeServer> {
  const png = await fakeRender('#2277aa', 1536, 1024);
  return start(async (req, body, res, base) => {
    if (req.url === '/files/edit.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(png);
      return;
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return json(res, 401, {
        error: {
          message: 'Incorrect API key provided: sk-wrong.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }
    if (req.method === 'POST' && req.url === '/v1/images/edits') {
      const type = req.headers['content-type'] ?? '';
      const text = body.toString('latin1');
      if (
        !type.startsWith('multipart/form-data') ||
        !/name="image"; filename="room.jpg"/.test(text) ||
        !/name="prompt"/.test(text) ||
        !/name="model"/.test(text)
      ) {
        return json(res, 400, {
          error: {
            message: "Missing required parameter: 'image'.",
            type: 'invalid_request_error',
            param: 'image',
            code: 'missing_required_parameter',
          },
        });
      }
      const s = scenario();
      if (s.kind === 'error')
        return json(res, s.status, {
          error: { message: s.message, type: s.type ?? 'invalid_request_error', param: null, code: s.code ?? null },
        });
      if (s.kind === 'url') return json(res, 200, { created: 1, data: [{ url: `${base}/files/edit.png` }] });
      if (s.delayMs) await new Promise((r) => setTimeout(r, s.delayMs));
      if (res.destroyed || req.socket.destroyed) return;
      return json(res, 200, {
        created: 1,
        data: [{ b64_json: png.toString('base64') }],
        usage: { input_tokens: 323, output_tokens: 1056, total_tokens: 1379 },
      });
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const parsed = JSON.parse(body.toString());
      const last = parsed.messages[parsed.messages.length - 1]?.content ?? '';
      return json(res, 200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: parsed.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: `About "${last}": keep the palette calm.` },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 120, completion_tokens: 12, total_tokens: 132 },
      });
    }
    json(res, 404, { error: { message: 'Unknown route', type: 'invalid_request_error' } });
  });
}
