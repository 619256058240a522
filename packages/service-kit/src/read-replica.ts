import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { QueryTypes, type Sequelize } from 'sequelize';
import { HEADERS } from '@xaalis/contracts';
import type { Logger } from './logger';

/**
 * A WAL position `X/Y` (two hex halves) as a key that compares as the position does
 * (both halves padded to 8 upper-case digits); null when malformed.
 */
export function lsnKey(lsn: string | undefined | null): string | null {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn ?? '');
  return m ? `${m[1].toUpperCase().padStart(8, '0')}${m[2].toUpperCase().padStart(8, '0')}` : null;
}

export type ReadSource = 'primary' | 'replica';

/** After a failed look at the replica, reads go to the primary this long before it is tried again. */
const REPLICA_BACKOFF_MS = 5_000;
/** A known replay position older than this is refreshed in the background (a replica that died is noticed). */
const REFRESH_MS = 1_000;

/**
 * A streaming replica for heavy reads, with read-your-writes: a request that carries
 * its session's last write position (HEADERS.minLsn, set by the gateway) reads the
 * replica only once the replica has replayed that far, else the primary. The replay
 * position is asked again only when the cached one is behind (one query at a time).
 * A replica out of reach sends every read to the primary for a few seconds.
 */
export class ReadReplica {
  /** lsnKey of the replica's replay position ('' : unknown). */
  private replayed = '';
  private checkedAt = 0;
  private asking: Promise<string | null> | null = null;
  private downUntil = 0;

  constructor(
    readonly primary: Sequelize,
    readonly replica: Sequelize,
    private readonly log: Logger,
  ) {}

  async source(minLsn: string | undefined): Promise<ReadSource> {
    if (Date.now() < this.downUntil) return 'primary';
    const needed = lsnKey(minLsn) ?? '';
    if (this.replayed !== '' && this.replayed >= needed) {
      if (Date.now() - this.checkedAt > REFRESH_MS) void this.ask();
      return 'replica';
    }
    const replayed = await this.ask();
    if (replayed === null) return 'primary';
    return replayed >= needed ? 'replica' : 'primary';
  }

  private ask(): Promise<string | null> {
    return (this.asking ??= this.replayPosition().finally(() => (this.asking = null)));
  }

  private async replayPosition(): Promise<string | null> {
    try {
      const [row] = await this.replica.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn', {
        type: QueryTypes.SELECT,
      });
      // null: not a standby (a copy restored by hand, say): nothing is known of its lag.
      const value = lsnKey(row?.lsn);
      if (value === null) throw new Error('DATABASE_READ_URL is not a streaming replica (pg_last_wal_replay_lsn() is null)');
      if (value > this.replayed) this.replayed = value;
      this.checkedAt = Date.now();
      return this.replayed;
    } catch (err) {
      this.downUntil = Date.now() + REPLICA_BACKOFF_MS;
      this.replayed = '';
      this.log.warn({ err: (err as Error).message }, 'read replica unavailable: reading the primary');
      return null;
    }
  }

  /** The primary's WAL position now: every commit so far is at or before it. */
  async writePosition(): Promise<string> {
    const [row] = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn', { type: QueryTypes.SELECT });
    return row.lsn;
  }
}

/**
 * The object a read route works with, on the database its request should read:
 * `make` runs once per database. Without a replica, always the primary's.
 * The answer says where it read (HEADERS.readFrom).
 */
export function readRouting<T>(
  ctx: { sequelize: Sequelize; readReplica: ReadReplica | null },
  make: (db: Sequelize) => T,
): (req: Request, res: Response) => Promise<T> {
  const onPrimary = make(ctx.sequelize);
  const replica = ctx.readReplica;
  if (!replica) return () => Promise.resolve(onPrimary);
  const onReplica = make(replica.replica);
  return async (req, res) => {
    const from = await replica.source(req.get(HEADERS.minLsn));
    res.set(HEADERS.readFrom, from);
    return from === 'replica' ? onReplica : onPrimary;
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write's answer carries the primary's WAL position once it is done
 * (HEADERS.writeLsn), for the gateway to keep in the session. Read before the
 * answer's head is sent, so the session has it before the browser can ask again.
 */
export function writePositions(replica: ReadReplica): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (READS.has(req.method)) {
      next();
      return;
    }
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      if (res.headersSent || res.statusCode >= 300) return end(...args);
      replica.writePosition().then(
        (lsn) => {
          if (!res.headersSent) res.set(HEADERS.writeLsn, lsn);
          end(...args);
        },
        () => end(...args), // the primary went away after the write: the answer stands
      );
      return res;
    }) as Response['end'];
    next();
  };
}
