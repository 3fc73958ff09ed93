import fc from 'fast-check';
import { MAX_PART_HEADER_BYTES, PartHeaderWatch, boundaryOf, fastifyAcceptsContentType, validBoundary } from './request-framing';

const B = 'X-b0undary_1';
const part = (headers: string[], content: string) => `--${B}\r\n${headers.join('\r\n')}\r\n\r\n${content}\r\n`;
const body = (...parts: string[]) => Buffer.from(`${parts.join('')}--${B}--\r\n`);

/** The body cut at the given offsets, as the socket may deliver it. */
function chunks(buf: Buffer, cuts: number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const c of [...at, buf.length]) {
    out.push(buf.subarray(from, c));
    from = c;
  }
  return out;
}
const watchAll = (buf: Buffer, cuts: number[]) => {
  const watch = new PartHeaderWatch(B);
  return chunks(buf, cuts).every((c) => watch.push(c));
};

describe('PartHeaderWatch', () => {
  // Content that looks like framing without being it: a delimiter without its CRLF, the boundary
  // inside a line, CRLFCRLF runs, dashes.
  const tricky = `--${B}x\r\n\r\n\r\n--${B.slice(0, 5)}\r\n--\r\n${'h'.repeat(40_000)}\r\n\r\nX-Pad: ${'a'.repeat(MAX_PART_HEADER_BYTES)}`;
  const fine = body(
    part(['Content-Disposition: form-data; name="title"'], 'hello'),
    part(['Content-Disposition: form-data; name="file"; filename="a.csv"', 'Content-Type: text/csv'], tricky),
    part(['Content-Disposition: form-data; name="x"', ...Array.from({ length: 14 }, (_, i) => `X-${i}: v`)], ''),
  );

  it('lets a body with headers within the limits through, however the socket cuts it', () => {
    fc.assert(fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => watchAll(fine, cuts)));
    expect(
      watchAll(
        fine,
        Array.from({ length: fine.length }, (_, i) => i),
      ),
    ).toBe(true); // one byte at a time
  });

  it('stops at part headers over the size or line limit, however the socket cuts them', () => {
    const big = body(part(['Content-Disposition: form-data; name="t"', `X-Pad: ${'a'.repeat(MAX_PART_HEADER_BYTES + 10)}`], 'x'));
    const late = body(
      part(['Content-Disposition: form-data; name="t"'], 'x'),
      part(['Content-Disposition: form-data; name="u"', `X-Pad: ${'a'.repeat(100_000)}`], 'y'),
    );
    const lines = body(part(['Content-Disposition: form-data; name="t"', ...Array.from({ length: 20 }, (_, i) => `X-${i}: v`)], 'x'));
    const unended = Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="t"\r\nX: ${'y'.repeat(MAX_PART_HEADER_BYTES + 10)}`);
    for (const bad of [big, late, lines, unended]) {
      fc.assert(fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => !watchAll(bad, cuts)));
    }
  });

  it('ignores the epilogue after the close delimiter', () => {
    expect(watchAll(Buffer.concat([fine, Buffer.from('e'.repeat(100_000))]), [3, 70, 500])).toBe(true);
  });
});

describe('Content-Type and boundary grammar', () => {
  it("accepts what Fastify's parser accepts", () => {
    for (const ok of ['application/json', 'application/json; charset=utf-8', ' text/plain ', 'multipart/form-data; boundary=x', 'a/b;;;', 'APPLICATION/JSON'])
      expect(fastifyAcceptsContentType(ok)).toBe(true);
    for (const bad of ['', 'undefined', '(((', 'application/', '/json', 'json', 'application /json', 'a/b/c', 'app/js\u00f6n'])
      expect(fastifyAcceptsContentType(bad)).toBe(false);
  });

  it('reads the boundary, quoted or not, and checks it against RFC 2046', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; BOUNDARY="a b:c"')).toBe('a b:c');
    expect(boundaryOf('multipart/form-data; boundary="a\\"b"')).toBe('a"b');
    expect(boundaryOf('multipart/form-data')).toBeUndefined();
    expect(boundaryOf('multipart/form-data; boundary=a; boundary=b')).toBeUndefined();
    expect(validBoundary('b'.repeat(70))).toBe(true);
    expect(validBoundary("'()+_,-./:=? x")).toBe(true);
    for (const bad of [undefined, '', 'b'.repeat(71), 'abc ', 'a"b', 'b\u00e9b', 'a;b']) expect(validBoundary(bad)).toBe(false);
  });
});
