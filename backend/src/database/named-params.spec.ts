import { bindNamed, compileNamed, SqlParamError } from './named-params';

describe('named parameters', () => {
  it('numbers each name once, in order of first use', () => {
    const c = compileNamed('SELECT * FROM posts p WHERE p.user_id = :viewer OR p.id IN (SELECT id FROM x WHERE y = :other AND z = :viewer) LIMIT :limit');
    expect(c.text).toBe('SELECT * FROM posts p WHERE p.user_id = $1 OR p.id IN (SELECT id FROM x WHERE y = $2 AND z = $1) LIMIT $3');
    expect(c.names).toEqual(['viewer', 'other', 'limit']);
    expect(bindNamed(c, { viewer: 5, other: null, limit: 20, unused: 1 })).toEqual([5, null, 20]);
  });

  it('leaves casts, literals, quoted names, comments, dollar quotes and slices alone', () => {
    const source = `SELECT :a::int, to_char(now(), 'HH24:MI'), 'it''s :b', E'x\\' :c', "col:d", a[1:2] -- :e
      /* :f */ , $$ :g $$, $t$ :h $t$, :i`;
    const c = compileNamed(source);
    expect(c.names).toEqual(['a', 'i']);
    expect(c.text).toContain(`$1::int, to_char(now(), 'HH24:MI'), 'it''s :b', E'x\\' :c', "col:d", a[1:2] -- :e`);
    expect(c.text.endsWith('$2')).toBe(true);
  });

  it('refuses positional parameters and missing values', () => {
    expect(() => compileNamed('SELECT $1')).toThrow(SqlParamError);
    expect(() => bindNamed(compileNamed('SELECT :a'), {})).toThrow('no value for :a');
  });

  it('binds undefined as null', () => {
    expect(bindNamed(compileNamed('SELECT :a'), { a: undefined })).toEqual([null]);
  });
});
