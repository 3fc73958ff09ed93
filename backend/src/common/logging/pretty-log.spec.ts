import { prettyDestination, prettyLine } from './pretty-log';

const at = new Date(2026, 10, 23, 9, 5, 7).getTime();

describe('readable log lines on a terminal', () => {
  it('leaves out Nest start-up chatter (modules loaded, one line per route)', () => {
    expect(prettyLine(JSON.stringify({ level: 30, time: at, context: 'RouterExplorer', msg: 'Mapped {/api/user/login, POST} route' }))).toBeNull();
    expect(prettyLine(JSON.stringify({ level: 30, time: at, context: 'InstanceLoader', msg: 'AppModule dependencies initialized' }))).toBeNull();
  });

  it('keeps a request log as one short line: method, path, status, time', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time: at,
        req: { method: 'GET', url: '/api/user/pageccja/?count=0' },
        res: { statusCode: 200 },
        responseTime: 12.4,
        msg: 'request completed',
      }),
    );
    expect(line).toBe('09:05:07 GET /api/user/pageccja/?count=0 200 12 ms');
  });

  it('marks warnings and errors, with the context and the stack', () => {
    expect(prettyLine(JSON.stringify({ level: 40, time: at, context: 'Mail', msg: 'SMTP refused' }))).toBe('09:05:07 WARN [Mail] SMTP refused');
    const error = prettyLine(JSON.stringify({ level: 50, time: at, msg: 'job failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } }));
    expect(error).toBe('09:05:07 ERROR job failed\nError: boom\n    at x');
    // A start-up warning is not chatter.
    expect(prettyLine(JSON.stringify({ level: 40, time: at, context: 'NestApplication', msg: 'slow' }))).toBe('09:05:07 WARN [NestApplication] slow');
  });

  it('writes each entry of a chunk as its own line, and passes through text that is not JSON', () => {
    let out = '';
    const dest = prettyDestination({ write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream);
    dest.write(
      `${JSON.stringify({ level: 30, time: at, msg: 'one' })}\n${JSON.stringify({ level: 30, time: at, context: 'RoutesResolver', msg: 'x' })}\nplain text\n`,
    );
    expect(out).toBe('09:05:07 one\nplain text\n');
  });
});
