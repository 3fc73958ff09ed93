/**
 * Log lines for a person at a terminal (LOG_FORMAT=pretty, or auto on a TTY): one short line
 * per entry instead of pino's JSON, and none of Nest's start-up chatter (modules loaded, one
 * line per mapped route); main.ts prints a start-up summary instead. Services and deployments
 * (stdout not a terminal) keep the JSON lines.
 */

/** Nest's start-up contexts: "InstanceLoader dependencies initialized", "Mapped {…} route", … */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  context?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/** One readable line for a pino JSON entry, or null to leave it out. */
export function prettyLine(json: string): string | null {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.trimEnd();
  }
  const level = entry.level ?? 30;
  if (level <= 30 && entry.context && STARTUP_CONTEXTS.has(entry.context)) return null;
  const label = level === 30 ? '' : `${LEVELS[level] ?? level} `;
  let text: string;
  if (entry.req && entry.res) {
    const ms = entry.responseTime === undefined ? '' : ` ${Math.round(entry.responseTime)} ms`;
    text = `${entry.req.method} ${entry.req.url} ${entry.res.statusCode}${ms}`;
  } else {
    text = `${entry.context ? `[${entry.context}] ` : ''}${entry.msg ?? ''}`;
  }
  const err = entry.err?.stack ?? entry.err?.message;
  return `${clock(entry.time)} ${label}${text}${err && !text.includes(err) ? `\n${err}` : ''}`;
}

/** A pino destination writing readable lines to stdout. */
export function prettyDestination(out: NodeJS.WritableStream = process.stdout): { write(chunk: string): void } {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) {
        if (!json) continue;
        const line = prettyLine(json);
        if (line !== null) out.write(`${line}\n`);
      }
    },
  };
}
