/** A readable "Chrome on macOS"-style label for a session list. */
export function describeUserAgent(ua: string | null | undefined): {
  browser: string;
  platform: string;
  mobile: boolean;
} {
  const value = ua ?? '';
  const browser = /Edg\//.test(value)
    ? 'Edge'
    : /OPR\//.test(value)
      ? 'Opera'
      : /Firefox\//.test(value)
        ? 'Firefox'
        : /Chrome\//.test(value) || /Chromium\//.test(value)
          ? 'Chrome'
          : /Safari\//.test(value)
            ? 'Safari'
            : value
              ? 'Unknown browser'
              : 'Unknown';
  const platform = /iPhone|iPad|iPod/.test(value)
    ? 'iOS'
    : /Android/.test(value)
      ? 'Android'
      : /Mac OS X|Macintosh/.test(value)
        ? 'macOS'
        : /Windows/.test(value)
          ? 'Windows'
          : /Linux/.test(value)
            ? 'Linux'
            : 'Unknown';
  return { browser, platform, mobile: /Mobile|Android|iPhone/.test(value) };
}
