import { truncate } from './text';

export interface LlmClientOptions {
  /** OpenAI-style base URL including the version, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per attempt (connect, wait and body). Default 60 s. */
  timeoutMs?: number;
  /** Further attempts after the first one fails. Default 2. */
  maxRetries?: number;
  /** Pause before a retry, doubled each time. Default 500 ms. */
  retryDelayMs?: number;
  /** Log hook for failed attempts (the service passes its logger). */
  onError?: (message: string) => void;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A problem worth another attempt (HTTP 429/5xx, timeout, network, invalid answer). */
class RetryableError extends Error {}
/** A problem another attempt will not fix (bad URL, key or model). */
class FatalError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one client of an OpenAI-compatible chat-completions endpoint (JSON mode), kept by the
 * generator for its lifetime, with the retries every call needs: HTTP 429/5xx, timeouts, network
 * errors and answers the caller rejects are tried again after a pause that doubles, up to
 * `maxRetries` more times; a refusal another attempt will not change (400, 401, 403, 404) stops.
 */
export class LlmClient {
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: LlmClientOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetries = Math.max(0, options.maxRetries ?? 2);
    this.retryDelayMs = options.retryDelayMs ?? 500;
  }

  /**
   * Asks `question` (its system and user messages) until `check` accepts an answer: `check`
   * answers undefined to accept, or what is wrong with it. A rejected answer is shown back to the
   * model with `correction(problem)` on the next attempt (replacing any earlier rejected one, so
   * the conversation stays four messages at most). True when an answer was accepted.
   */
  async ask(
    question: readonly [ChatMessage, ChatMessage],
    check: (answer: string) => string | undefined,
    correction: (problem: string) => string,
  ): Promise<boolean> {
    const messages: ChatMessage[] = [...question];
    for (let attempt = 0; attempt <= this.maxRetries; attempt++) {
      if (attempt > 0) await sleep(this.retryDelayMs * 2 ** (attempt - 1));
      try {
        const answer = await this.complete(messages);
        const problem = check(answer);
        if (problem === undefined) return true;
        this.options.onError?.(`LLM answer rejected (attempt ${attempt + 1}): ${problem}`);
        messages.splice(2, messages.length - 2, { role: 'assistant', content: truncate(answer, 4000) }, { role: 'user', content: correction(problem) });
      } catch (error) {
        this.options.onError?.(`LLM request failed (attempt ${attempt + 1}): ${(error as Error).message}`);
        if (error instanceof FatalError) break;
      }
    }
    return false;
  }

  /** One chat-completions call; returns the message content. */
  private async complete(messages: readonly ChatMessage[]): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      let response: Response;
      try {
        response = await fetch(this.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: this.options.model, messages, response_format: { type: 'json_object' }, temperature: 0.2 }),
          signal: controller.signal,
        });
      } catch (error) {
        throw new RetryableError(controller.signal.aborted ? `timed out after ${this.timeoutMs} ms` : `network error: ${(error as Error).message}`);
      }
      let body: string;
      try {
        body = await response.text();
      } catch {
        throw new RetryableError(controller.signal.aborted ? `timed out after ${this.timeoutMs} ms` : 'the response body could not be read');
      }
      if (!response.ok) {
        const message = `HTTP ${response.status}: ${truncate(body, 200)}`;
        if ([400, 401, 403, 404].includes(response.status)) throw new FatalError(message);
        throw new RetryableError(message);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new RetryableError('the endpoint did not answer JSON');
      }
      const choice = (parsed as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0];
      const content = choice?.message?.content;
      if (typeof content !== 'string') throw new RetryableError('the answer has no choices[0].message.content');
      return content;
    } finally {
      clearTimeout(timer);
    }
  }
}
