import { redactUrl } from './redact-url';

describe('redactUrl: no credential of a URL reaches the log', () => {
  it('hides the token of a signed download link, whatever its place in the query', () => {
    expect(redactUrl('/api/user/files/12/content?token=abc.def-123')).toBe('/api/user/files/12/content?token=[REDACTED]');
    expect(redactUrl('/api/user/files/12/content?x=1&TOKEN=abc&y=2')).toBe('/api/user/files/12/content?x=1&TOKEN=[REDACTED]&y=2');
  });

  it('hides the key of a mailed verification or reset link', () => {
    expect(redactUrl('/verify/7/AbC_dEf-123')).toBe('/verify/7/[REDACTED]');
    expect(redactUrl('/reset-password/7/AbC_dEf-123?lang=ja')).toBe('/reset-password/7/[REDACTED]?lang=ja');
  });

  it('leaves every other URL as it is', () => {
    for (const url of ['/api/user/pageccja/?count=0', '/api/user/myprofile/', '/verify', '/api/user/tokens/?q=token']) expect(redactUrl(url)).toBe(url);
  });
});
