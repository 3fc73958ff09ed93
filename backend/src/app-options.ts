import type { AppConfig } from './config/config';
import type { DatabaseHandle } from './database/embedded-postgres';

export interface AppOptions {
  config: AppConfig;
  /** Absent when the app is only built to write the OpenAPI document. */
  database?: Pick<DatabaseHandle, 'url' | 'embedded' | 'poolSize'>;
  /** Run background job handlers in this process. */
  runWorkers: boolean;
  /** The built frontend to serve (SERVE_FRONTEND); unset: frontend/dist from the working directory. */
  frontendDist?: string;
  /** Where log lines go instead of stdout (tests read the request log from here); logs at LOG_LEVEL even under NODE_ENV=test. */
  logDestination?: { write(line: string): unknown };
}

export const APP_OPTIONS = Symbol('APP_OPTIONS');
