import {
  getLogLevel,
  LOG_ENABLED_KEY,
  LOG_LEVEL_KEY,
  logger,
  setLoggingEnabled,
  setLogLevel,
  shouldLog,
} from './logger';

describe('logger', () => {
  let spies: jest.SpyInstance[];
  beforeEach(() => {
    localStorage.clear();
    spies = (['debug', 'info', 'warn', 'error'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation(() => undefined),
    );
  });
  afterEach(() => spies.forEach((spy) => spy.mockRestore()));

  it('defaults to warn: debug and info are quiet, warn and error print', () => {
    expect(getLogLevel()).toBe('warn');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(console.debug).not.toHaveBeenCalled();
    expect(console.info).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith('[reelty]', 'w');
    expect(console.error).toHaveBeenCalledWith('[reelty]', 'e');
  });

  it('keeps the level in localStorage', () => {
    setLogLevel('debug');
    expect(localStorage.getItem(LOG_LEVEL_KEY)).toBe('debug');
    logger.debug('now visible');
    expect(console.debug).toHaveBeenCalledWith('[reelty]', 'now visible');
  });

  it('ignores an unknown saved level', () => {
    localStorage.setItem(LOG_LEVEL_KEY, 'loud');
    expect(getLogLevel()).toBe('warn');
  });

  it('can be switched off and on', () => {
    setLoggingEnabled(false);
    expect(localStorage.getItem(LOG_ENABLED_KEY)).toBe('false');
    logger.error('hidden');
    expect(console.error).not.toHaveBeenCalled();
    setLoggingEnabled(true);
    expect(shouldLog('error')).toBe(true);
  });

  it('does not throw when storage is blocked', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => logger.warn('still fine')).not.toThrow();
    expect(console.warn).toHaveBeenCalled();
    getItem.mockRestore();
  });
});
