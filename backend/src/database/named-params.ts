/**
 * Named parameters for SQL text: `:viewer`, `:limit`, … become `$1`, `$2`, … in order of first
 * appearance, each name one parameter however often it is used. Fragments from several modules
 * compose as plain strings that name what they need (`followedUserIdsSql(':viewer')`), so nobody
 * counts positions ("params from $8") or passes `'$1'` around.
 *
 * The scanner knows what is not a parameter: `::type` casts, string literals ('…', E'…'), quoted
 * identifiers ("…"), dollar-quoted bodies ($tag$…$tag$), comments (-- and /* *\/), array slices
 * (`a[1:2]`). Positional `$n` is refused: one statement speaks one way.
 */
export interface CompiledSql {
  /** The text with `$n` placeholders. */
  readonly text: string;
  /** The parameter names, `$1` first. */
  readonly names: readonly string[];
}

export class SqlParamError extends Error {}

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;

export function compileNamed(source: string): CompiledSql {
  const names: string[] = [];
  const index = new Map<string, number>();
  let out = '';
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === "'" || c === '"') {
      // A literal or a quoted identifier; a doubled quote stays inside. (E'…' with a backslash
      // escape: `\'` is read as the end and the next quote as a start, the same pairs.)
      let j = i + 1;
      while (j < n) {
        if (source[j] === c) {
          if (source[j + 1] === c) j += 2;
          else break;
        } else if (source[j] === '\\' && c === "'" && (source[i - 1] === 'E' || source[i - 1] === 'e')) j += 2;
        else j += 1;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' && source[i + 1] === '-') {
      const j = source.indexOf('\n', i);
      const end = j === -1 ? n : j;
      out += source.slice(i, end);
      i = end;
    } else if (c === '/' && source[i + 1] === '*') {
      const j = source.indexOf('*/', i + 2);
      const end = j === -1 ? n : j + 2;
      out += source.slice(i, end);
      i = end;
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(source.slice(i));
      if (tag) {
        const close = source.indexOf(tag[0], i + tag[0].length);
        const end = close === -1 ? n : close + tag[0].length;
        out += source.slice(i, end);
        i = end;
      } else if (/[0-9]/.test(source[i + 1] ?? '')) {
        throw new SqlParamError(`positional parameter in named SQL at ${i}: ${source.slice(Math.max(0, i - 30), i + 10)}`);
      } else {
        out += c;
        i += 1;
      }
    } else if (c === ':') {
      if (source[i + 1] === ':') {
        out += '::';
        i += 2;
      } else if (NAME_START.test(source[i + 1] ?? '') && !NAME_PART.test(source[i - 1] ?? ' ')) {
        let j = i + 1;
        while (j < n && NAME_PART.test(source[j])) j += 1;
        const name = source.slice(i + 1, j);
        let k = index.get(name);
        if (k === undefined) {
          names.push(name);
          k = names.length;
          index.set(name, k);
        }
        out += `$${k}`;
        i = j;
      } else {
        out += c;
        i += 1;
      }
    } else {
      out += c;
      i += 1;
    }
  }
  return { text: out, names };
}

/** The values for a compiled statement, in `$n` order; a name without a value is a bug, said at once. */
export function bindNamed(compiled: CompiledSql, params: Readonly<Record<string, unknown>>): unknown[] {
  return compiled.names.map((name) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) throw new SqlParamError(`no value for :${name}`);
    const value = params[name];
    return value === undefined ? null : value;
  });
}

/** Compiled texts by source, so each distinct statement is scanned once (bounded like the statement names). */
export function namedCompiler(max = 2000): (source: string) => CompiledSql {
  const cache = new Map<string, CompiledSql>();
  return (source) => {
    let compiled = cache.get(source);
    if (!compiled) {
      compiled = compileNamed(source);
      if (cache.size < max) cache.set(source, compiled);
    }
    return compiled;
  };
}
