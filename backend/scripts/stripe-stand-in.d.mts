/** Types of stripe-stand-in.mjs, for the TypeScript tests that start it. */
export interface StandInEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export interface StripeStandIn {
  url: string;
  port: number;
  webhookUrl?: string;
  webhookSecret?: string;
  /** false: events are only listed by /v1/events, not posted (a lost webhook). */
  autoDeliver: boolean;
  requests: Array<{ method: string; path: string; body: Record<string, any>; idempotencyKey?: string }>;
  sessions: Map<string, Record<string, any>>;
  accounts: Map<string, Record<string, any>>;
  /** Refunds made through POST /v1/refunds, by id. */
  refunds: Map<string, Record<string, any>>;
  /** Transfers made (POST /v1/transfers), oldest first. */
  transfers: Array<{ id: string; amount: number; currency: string; destination: string; transfer_group: string | null; metadata: Record<string, string> }>;
  events: StandInEvent[];
  checkout: {
    payByCard(sessionId: string): Promise<StandInEvent>;
    konbini(sessionId: string): Promise<StandInEvent>;
    konbiniPaid(sessionId: string): Promise<StandInEvent>;
    konbiniFailed(sessionId: string): Promise<StandInEvent>;
    expire(sessionId: string): Promise<StandInEvent>;
    enableAccount(accountId: string): Promise<StandInEvent>;
  };
  emit(type: string, object: object): StandInEvent;
  sign(event: object, opts?: { secret?: string; timestamp?: number }): { payload: string; header: string };
  deliver(event: object, opts?: { secret?: string; timestamp?: number }): Promise<{ status: number; error?: string }>;
  close(): Promise<void>;
}

export function startStripeStandIn(options?: {
  port?: number;
  host?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  publicUrl?: string;
}): Promise<StripeStandIn>;
