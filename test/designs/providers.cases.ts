import sharp from 'sharp';
import { OpenAiChatProvider } from '../../src/modules/designs/chat/openai-chat.provider';
import { loadDesignsConfig } from '../../src/config/designs.config';
import {
  ImageGenerationInput,
  OpenAiImagesProvider,
  ProviderError,
  ReplicateProvider,
} from '../../src/modules/designs/providers';
import { fakeOpenAi, fakeReplicate, OpenAiScenario, ReplicateScenario } from './fakes';
import { roomPhoto } from './support';

async function input(): Promise<ImageGenerationInput> {
  return {
    image: await roomPhoto(600, 400),
    width: 600,
    height: 400,
    options: { roomType: 'Kitchen', theme: 'Modern' },
    prompt: 'A modern kitchen',
    kind: 'generate',
    seed: 42,
  };
}

describe('Replicate provider against a local server speaking its API', () => {
  let scenario: ReplicateScenario = { kind: 'succeed', polls: 3 };
  let fake: Awaited<ReturnType<typeof fakeReplicate>>;
  const config = (over: Record<string, string> = {}) =>
    loadDesignsConfig({
      DESIGN_PROVIDER: 'replicate',
      REPLICATE_API_TOKEN: 'r8_test',
      REPLICATE_BASE_URL: fake.url,
      REPLICATE_POLL_INTERVAL_MS: '10',
      ...over,
    }).replicate;

  beforeAll(async () => {
    fake = await fakeReplicate('r8_test', () => scenario);
  });
  afterAll(() => fake.close());

  it('creates a prediction on the model endpoint, polls until it succeeds and downloads the output', async () => {
    scenario = { kind: 'succeed', polls: 3 };
    fake.requests.length = 0;
    const result = await new ReplicateProvider(config()).generate(await input());
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/models/adirik/interior-design/predictions' });
    const body = JSON.parse(fake.requests[0].body.toString());
    expect(body.input).toMatchObject({
      prompt: 'A modern kitchen',
      seed: 42,
      image: expect.stringMatching(/^data:image\/jpeg;base64,/),
    });
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'))).toHaveLength(3);
    expect((await sharp(result.image).metadata()).width).toBe(640);
    expect(result.usage).toMatchObject({ units: 4.2, unit: 'gpu_second' });
    expect(result.usage.costUsd).toBeCloseTo(4.2 * 0.000725, 8);
  });

  it('uses /v1/predictions with a pinned version, and keeps polling through a 429 on a poll', async () => {
    scenario = { kind: 'succeed', polls: 3, rateLimitFirstPoll: true };
    fake.requests.length = 0;
    await new ReplicateProvider(
      config({ REPLICATE_MODEL_VERSION: '76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38' }),
    ).generate(await input());
    expect(fake.requests[0].path).toBe('/v1/predictions');
    expect(JSON.parse(fake.requests[0].body.toString()).version).toMatch(/^76604bad/);
  });

  it('turns a failed prediction into a non-retryable error with the model’s message', async () => {
    scenario = {
      kind: 'model-error',
      message: 'NSFW content detected. Try running it again, or try a different prompt.',
    };
    const error = await new ReplicateProvider(config()).generate(await input()).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      'Replicate could not generate the design: NSFW content detected. Try running it again, or try a different prompt.',
    );
  });

  it('maps HTTP errors: 401 (bad token) and 422 are permanent, 429 and 5xx retryable', async () => {
    const bad = await new ReplicateProvider({ ...config(), token: 'wrong' }).generate(await input()).catch((e) => e);
    expect(bad).toMatchObject({
      retryable: false,
      status: 401,
      message: 'Replicate rejected the API key: You did not pass a valid authentication token',
    });
    scenario = { kind: 'http-error', status: 422, detail: 'input.image: Does not match format uri' };
    expect(await new ReplicateProvider(config()).generate(await input()).catch((e) => e)).toMatchObject({
      retryable: false,
      status: 422,
    });
    scenario = { kind: 'http-error', status: 429, detail: 'Request was throttled.' };
    expect(await new ReplicateProvider(config()).generate(await input()).catch((e) => e)).toMatchObject({
      retryable: true,
      status: 429,
    });
    scenario = { kind: 'http-error', status: 503, detail: 'Service Unavailable' };
    expect(await new ReplicateProvider(config()).generate(await input()).catch((e) => e)).toMatchObject({
      retryable: true,
      status: 503,
    });
  });

  it('gives up on a prediction that never finishes, cancels it and says so (retryable)', async () => {
    scenario = { kind: 'never-finishes' };
    fake.requests.length = 0;
    const error = await new ReplicateProvider({ ...config(), timeoutMs: 150 }).generate(await input()).catch((e) => e);
    expect(error).toMatchObject({ retryable: true });
    expect(error.message).toMatch(/did not finish within/);
    expect(fake.requests.some((r) => r.method === 'POST' && /\/cancel$/.test(r.path))).toBe(true);
  });

  it('reports an unreachable server as retryable', async () => {
    const error = await new ReplicateProvider({ ...config(), baseUrl: 'http://127.0.0.1:9' })
      .generate(await input())
      .catch((e) => e);
    expect(error).toMatchObject({ retryable: true });
    expect(error.message).toMatch(/^Replicate could not be reached/);
  });
});

describe('OpenAI image edits against a local server speaking its API', () => {
  let scenario: OpenAiScenario = { kind: 'b64' };
  let fake: Awaited<ReturnType<typeof fakeOpenAi>>;
  const config = () =>
    loadDesignsConfig({ DESIGN_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url }).openai;

  beforeAll(async () => {
    fake = await fakeOpenAi('sk-test', () => scenario);
  });
  afterAll(() => fake.close());

  it('posts the photo and prompt as multipart to /v1/images/edits and decodes b64_json', async () => {
    scenario = { kind: 'b64' };
    fake.requests.length = 0;
    const result = await new OpenAiImagesProvider(config()).generate(await input());
    const req = fake.requests[0];
    expect(req.path).toBe('/v1/images/edits');
    const text = req.body.toString('latin1');
    expect(text).toMatch(/name="model"\r\n\r\ngpt-image-1/);
    expect(text).toMatch(/name="size"\r\n\r\n1536x1024/);
    expect(text).toMatch(/name="prompt"\r\n\r\nA modern kitchen/);
    expect((await sharp(result.image).metadata()).width).toBe(1536);
    expect(result.usage).toMatchObject({
      units: 1,
      unit: 'image',
      inputTokens: 323,
      outputTokens: 1056,
      costUsd: 0.042,
    });
  });

  it('downloads a url answer', async () => {
    scenario = { kind: 'url' };
    const result = await new OpenAiImagesProvider(config()).generate(await input());
    expect((await sharp(result.image).metadata()).height).toBe(1024);
  });

  it('surfaces OpenAI’s error message: moderation (400) and bad key (401) permanent, 429/500 retryable', async () => {
    scenario = {
      kind: 'error',
      status: 400,
      message: 'Your request was rejected as a result of our safety system.',
      code: 'moderation_blocked',
    };
    expect(await new OpenAiImagesProvider(config()).generate(await input()).catch((e) => e)).toMatchObject({
      retryable: false,
      message: 'OpenAI answered 400: Your request was rejected as a result of our safety system.',
    });
    expect(
      await new OpenAiImagesProvider({ ...config(), apiKey: 'sk-wrong' }).generate(await input()).catch((e) => e),
    ).toMatchObject({
      retryable: false,
      status: 401,
      message: 'OpenAI rejected the API key: Incorrect API key provided: sk-wrong.',
    });
    scenario = { kind: 'error', status: 429, message: 'Rate limit reached for gpt-image-1', type: 'requests' };
    expect(await new OpenAiImagesProvider(config()).generate(await input()).catch((e) => e)).toMatchObject({
      retryable: true,
      status: 429,
    });
    scenario = {
      kind: 'error',
      status: 500,
      message: 'The server had an error while processing your request.',
      type: 'server_error',
    };
    expect(await new OpenAiImagesProvider(config()).generate(await input()).catch((e) => e)).toMatchObject({
      retryable: true,
      status: 500,
    });
  });

  it('chat completions for the design chat, with token usage and cost', async () => {
    const chat = new OpenAiChatProvider(config());
    const reply = await chat.reply([{ role: 'user', content: 'Which sofa?' }], {
      options: { theme: 'Modern' },
      prompt: null,
      palette: ['#ffffff'],
      generatedCount: 1,
    });
    expect(reply.content).toBe('About "Which sofa?": keep the palette calm.');
    expect(reply.usage).toMatchObject({ inputTokens: 120, outputTokens: 12 });
    expect(reply.usage.costUsd).toBeCloseTo((120 * 0.15 + 12 * 0.6) / 1e6, 10);
  });
});

describe('designer configuration', () => {
  it('defaults to the offline local engine and fails fast on missing keys', () => {
    expect(loadDesignsConfig({}).provider).toBe('local');
    expect(() => loadDesignsConfig({ DESIGN_PROVIDER: 'replicate' })).toThrow(
      'REPLICATE_API_TOKEN must be set when DESIGN_PROVIDER=replicate',
    );
    expect(() => loadDesignsConfig({ DESIGN_PROVIDER: 'midjourney' })).toThrow(
      /DESIGN_PROVIDER must be one of local, replicate, openai/,
    );
    expect(() => loadDesignsConfig({ DESIGN_CREDIT_COST: '-1' })).toThrow(/DESIGN_CREDIT_COST/);
  });
});
