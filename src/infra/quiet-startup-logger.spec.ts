import { QuietStartupLogger } from './quiet-startup-logger';

describe('QuietStartupLogger', () => {
  const printed = (levels: Array<'log' | 'debug' | 'warn' | 'error' | 'fatal' | 'verbose'>) => {
    const lines: string[] = [];
    const logger = new QuietStartupLogger({ logLevels: levels, colors: false });
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    logger.log('Mapped {/feed, GET} route', 'RouterExplorer');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('FeedController {/feed}:', 'RoutesResolver');
    logger.log('Listening on http://localhost:3000', 'Reelty');
    jest.restoreAllMocks();
    return lines.join('');
  };

  it('keeps route and module wiring out of the info level', () => {
    const out = printed(['fatal', 'error', 'warn', 'log']);
    expect(out).toContain('Listening on http://localhost:3000');
    expect(out).not.toContain('Mapped {/feed, GET} route');
    expect(out).not.toContain('dependencies initialized');
    expect(out).not.toContain('FeedController');
  });

  it('still shows the wiring at debug level', () => {
    const out = printed(['fatal', 'error', 'warn', 'log', 'debug']);
    expect(out).toContain('Mapped {/feed, GET} route');
    expect(out).toContain('Listening on http://localhost:3000');
  });

  it('in JSON mode writes the lines of one tick to stdout in one write, in order, each a JSON object', async () => {
    const writes: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const logger = new QuietStartupLogger({ json: true, logLevels: ['log', 'error'] });
    for (let i = 0; i < 5; i++) logger.log(`request ${i}`, 'Request');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    jest.restoreAllMocks();
    expect(writes).toHaveLength(1);
    const lines = writes[0]
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { message: string; context: string });
    expect(lines.map((l) => l.message)).toEqual([0, 1, 2, 3, 4].map((i) => `request ${i}`));
    expect(lines[0]).toMatchObject({ level: 'log', context: 'Request' });
  });
});
