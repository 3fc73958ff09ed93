import { jsonDepthExceeds } from './body-parsers';
import { loneSurrogate, MAX_INPUT_DEPTH, screenInput } from './validation';

describe('request screening', () => {
  it('finds lone surrogates but accepts pairs (emoji)', () => {
    expect(loneSurrogate('plain 日本語 😀')).toBe(-1);
    expect(loneSurrogate('a\ud800')).toBe(0xd800);
    expect(loneSurrogate('\udc00x')).toBe(0xdc00);
    expect(loneSurrogate('\ud83d\ud83d\ude00')).toBe(0xd83d);
  });

  it('names the top-level field of a bad string, however deep it sits', () => {
    expect(screenInput({ email: 'a\u0000b', ok: 'fine' }, undefined)).toEqual({ email: ['Null characters are not allowed.'] });
    expect(screenInput({ tags: ['x', { y: '\ud800' }] }, undefined)).toEqual({ tags: ['Surrogate characters are not allowed: U+D800.'] });
    expect(screenInput('a\u0000', 'q')).toEqual({ q: ['Null characters are not allowed.'] });
    expect(screenInput({ a: 1, b: null, c: 'ok' }, undefined)).toEqual({});
  });

  it('refuses values nested deeper than the limit without recursing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(screenInput({ field: deep }, undefined)).toEqual({ field: [`Nested too deep (more than ${MAX_INPUT_DEPTH} levels).`] });
  });

  it('measures JSON depth on the raw bytes, ignoring brackets inside strings', () => {
    expect(jsonDepthExceeds(Buffer.from('['.repeat(5000) + ']'.repeat(5000)))).toBe(true);
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify({ a: '['.repeat(5000), b: '\\"[[[' })))).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('['.repeat(MAX_INPUT_DEPTH) + ']'.repeat(MAX_INPUT_DEPTH)))).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('['.repeat(MAX_INPUT_DEPTH + 1) + ']'.repeat(MAX_INPUT_DEPTH + 1)))).toBe(true);
  });
});
