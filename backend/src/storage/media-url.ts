import type { AppConfig } from '../config/config';
import { currentRequestOrigin } from '../common/http/request-origin';

/**
 * Absolute URL of an image served by MediaController (/media/<key>), or null: on PUBLIC_URL
 * when it is set, else on the origin of the current request.
 */
export function mediaUrl(config: Pick<AppConfig, 'publicUrl' | 'publicUrlConfigured'>, key: string | null | undefined): string | null {
  if (!key) return null;
  return `${mediaOrigin(config)}/media/${key}`;
}

/** The origin image URLs are made on (PUBLIC_URL when set, else the current request's): for SQL that makes them (`mediaUrlSql`). */
export function mediaOrigin(config: Pick<AppConfig, 'publicUrl' | 'publicUrlConfigured'>): string {
  return config.publicUrlConfigured ? config.publicUrl : (currentRequestOrigin() ?? config.publicUrl);
}

/** SQL of `mediaUrl` for key column `keySql`, the origin (`mediaOrigin`) a text parameter `originSql`. */
export function mediaUrlSql(keySql: string, originSql: string): string {
  return `CASE WHEN coalesce(${keySql}, '') = '' THEN NULL ELSE ${originSql} || '/media/' || ${keySql} END`;
}
