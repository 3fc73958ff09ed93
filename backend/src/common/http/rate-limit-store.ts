import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_OPTIONS, type AppOptions } from '../../app-options';

export interface LimiterSpec {
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
}

/** Keys of this application in a Redis that may be shared with others. */
const REDIS_PREFIX = 'monobook:rl';
/** A Redis call that takes longer than this counts as Redis being down (the insurance limiter answers). */
const REDIS_TIMEOUT_MS = 500;

/**
 * The one place rate-limit counters live (every limit of the API takes its limiter from here).
 * Without `REDIS_URL`: rate-limiter-flexible's in-memory limiter, counted per process. With it:
 * its Redis limiter, so every API process counts against one limit (the login limit holds across
 * replicas behind a proxy). While Redis cannot be reached each limiter falls back to an
 * in-memory one of the same size (rate-limiter-flexible's `insuranceLimiter`): limits then hold
 * per process, never a 5xx, and the outage is logged once (and its end).
 */
@Injectable()
export class RateLimitStore implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private readonly redis?: Redis;
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private down = false;

  constructor(@Inject(APP_OPTIONS) options: AppOptions) {
    const url = options.config.redisUrl;
    if (!url) return;
    this.redis = new Redis(url, {
      // A command while disconnected fails at once (the insurance limiter answers) instead of waiting.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: REDIS_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      lazyConnect: false,
    });
    this.redis.on('error', (err: Error) => this.outage(err));
    this.redis.on('ready', () => {
      if (this.down) this.logger.log('Redis reachable again: rate limits shared across processes');
      this.down = false;
    });
  }

  /** Whether the counters are shared through Redis (REDIS_URL is set). */
  get shared(): boolean {
    return Boolean(this.redis);
  }

  /** The limiter of `spec`, one per key prefix and process. */
  limiter(spec: LimiterSpec): RateLimiterAbstract {
    const id = `${spec.keyPrefix}|${spec.points}|${spec.duration}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const memory = new RateLimiterMemory(spec);
      limiter = this.redis
        ? new RateLimiterRedis({
            ...spec,
            keyPrefix: `${REDIS_PREFIX}:${spec.keyPrefix}`,
            storeClient: this.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: memory,
          })
        : memory;
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  private outage(err: Error): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn({ err: { message: err.message } }, 'Redis unreachable: rate limits counted in this process until it returns');
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.redis) return;
    // A client still trying to connect has nothing to flush: it stops its retries at once.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }
}
