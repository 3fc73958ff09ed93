import type { AppConfig } from '../config/config';
import { currentRequestOrigin } from '../common/http/request-origin';

/**
 * Absolute URL of an image served by MediaController (/media/<key>), or null: on PUBLIC_URL
 * when it is set, else on the origin of the current request.
 */
export function mediaUrl(config: Pick<AppConfig, 'publicUrl' | 'publicUrlConfigured'>, key: string | null | undefined): string | null {
  if (!key) return null;
  const origin = config.publicUrlConfigured ? config.publicUrl : (currentRequestOrigin() ?? config.publicUrl);
  return `${origin}/media/${key}`;
}
