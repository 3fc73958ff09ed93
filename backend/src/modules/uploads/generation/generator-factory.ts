import { LlmBookGenerator } from './llm-generator';
import { LocalBookGenerator } from './local-generator';
import { type BookGenerator } from './types';

export interface BookGeneratorSettings {
  generator: 'local' | 'llm';
  llm?: { baseUrl: string; model: string; apiKey?: string; timeoutMs?: number; maxRetries?: number };
}

/** The configured Book generator; `llm` always falls back to the local one on endpoint failure. */
export function createBookGenerator(settings: BookGeneratorSettings): BookGenerator {
  const local = new LocalBookGenerator();
  if (settings.generator !== 'llm') return local;
  if (!settings.llm?.baseUrl) throw new Error('The llm Book generator needs llm.baseUrl and llm.model');
  return new LlmBookGenerator(settings.llm, local);
}
