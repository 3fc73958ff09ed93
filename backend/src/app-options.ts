import type { AppConfig } from './config/config';
import type { DatabaseHandle } from './database/embedded-postgres';

export interface AppOptions {
  config: AppConfig;
  /** Absent when the app is only built to write the OpenAPI document. */
  database?: Pick<DatabaseHandle, 'url' | 'embedded' | 'poolSize'>;
  /** Run background job handlers in this process. */
  runWorkers: boolean;
}

export const APP_OPTIONS = Symbol('APP_OPTIONS');
