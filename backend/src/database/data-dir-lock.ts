import * as fs from 'node:fs';
import * as path from 'node:path';

/** Who holds an embedded database: written into the lock file by the process that opened it. */
export interface LockHolder {
  pid: number;
  /** The holder's command line (shortened), to recognise it in `ps`. */
  command: string;
  /** When it took the lock (ISO 8601). */
  since: string;
  /** Linux: the process's start time (clock ticks since boot, /proc/<pid>/stat), to tell a reused pid from the holder. */
  started?: string;
}

/** Linux: when process `pid` started (field 22 of /proc/<pid>/stat); undefined elsewhere or when it does not exist. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (command)" come the fields from the 3rd on; the start time is the 22nd.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The embedded database is open in another live process: the message says which and what to do. */
export class DatabaseBusyError extends Error {
  constructor(
    readonly dbDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dbDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). ` +
        `Only one process can open it. Stop that process first (Ctrl+C in its terminal, or kill ${holder.pid}), then run this again; ` +
        'or run the site on PostgreSQL (DATABASE_URL), where operator commands work while it runs.',
    );
    this.name = 'DatabaseBusyError';
  }
}

/** `DATA_DIR/db` → `DATA_DIR/db.lock`. */
export const lockFileOf = (dbDir: string) => `${dbDir.replace(/[/\\]+$/, '')}.lock`;

/**
 * Whether the holder still runs: its pid is alive, and on Linux still the same process (the start
 * time it recorded) running Node — after a kill or a container restart its pid may belong to
 * another program, or to another node process (this one, say, as pid 1 of a new container).
 */
export function holderAlive(holder: Pick<LockHolder, 'pid' | 'started'>): boolean {
  const { pid } = holder;
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists, under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(pid);
  if (holder.started && started && started !== holder.started) return false;
  try {
    // Linux: a pid reused by a program other than node after the holder was killed is stale too.
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node/i.test(cmdline.split('\0')[0] ?? '');
  } catch {
    return true; // no /proc (macOS) or not readable: trust kill(0)
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
    return typeof holder?.pid === 'number' ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of the embedded database in `dbDir`: a file `dbDir.lock` (in DATA_DIR) made with
 * O_EXCL, holding this process's pid. A lock whose process is gone (killed, crashed: nothing
 * released it) is stale and taken over; one whose process runs throws DatabaseBusyError. Answers
 * the release, which removes the file if it is still this process's; it also runs when the
 * process exits without releasing.
 */
export function lockEmbeddedDatabase(dbDir: string): () => void {
  const file = lockFileOf(dbDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine: LockHolder = {
    pid: process.pid,
    command:
      process.argv
        .slice(1)
        .map((a) => path.basename(a))
        .join(' ')
        .slice(0, 120) || 'node',
    since: new Date().toISOString(),
    started: processStart(process.pid),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine) + '\n', { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
    }
    const holder = readHolder(file);
    if (holder && holderAlive(holder)) throw new DatabaseBusyError(dbDir, holder);
    if (!holder) {
      // Unreadable: a process writing it this very moment, or a torn write of a killed one.
      const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age < 2000) throw new DatabaseBusyError(dbDir, { pid: 0, command: 'unknown', since: 'just now' });
    }
    fs.rmSync(file, { force: true }); // stale: its process is gone
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
