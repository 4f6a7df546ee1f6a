// Daily token budgets per client and for the whole relay, counted from the upstream's `usage`.
// A request reserves its worst case (prompt estimate + output cap) while it runs, so parallel
// requests cannot all slip under the limit; it then pays what it really used. Days are UTC days.
// Memory is bounded: past `maxClients` tracked clients, new clients share one overflow budget.

/** The budget settings; 0 turns a budget off. */
export interface BudgetConfig {
  /** Tokens each client may use per UTC day. */
  perClient: number;
  /** Tokens all clients together may use per UTC day. */
  total: number;
  /** Most clients tracked at once; later ones share one budget until the day ends. */
  maxClients: number;
}

/** A running request's hold on the budget; `settle` records what it used and frees the hold. */
export interface BudgetTicket {
  settle(tokensUsed: number): void;
}

/** The budget's answer for one request. */
export type BudgetDecision =
  | { allowed: true; ticket: BudgetTicket }
  | { allowed: false; scope: 'client' | 'total'; limit: number; resetsAt: number; retryAfterSeconds: number };

/** Per-client and global daily budgets. */
export interface TokenBudget {
  /** Whether any budget is on (usage is then measured, and streams ask for it). */
  readonly active: boolean;
  /** Reserves `estimate` tokens for a request of `client`, or refuses it when a budget is spent. */
  reserve(client: string, estimate: number): BudgetDecision;
  /** Tokens `client` has used today (settled requests only). */
  used(client: string): number;
  /** Clients tracked today (the overflow budget counts as one). */
  readonly clients: number;
}

/** The shared budget of clients that arrive once `maxClients` are tracked. */
export const OVERFLOW_CLIENT = '(overflow)';
const DAY_MS = 86_400_000;

interface Account {
  used: number;
  held: number;
}

/** Creates the budgets; `onFull` is called once a day when the client table first fills up. */
export function createTokenBudget(config: BudgetConfig, options: { now?: () => number; onFull?: (maxClients: number) => void } = {}): TokenBudget {
  const now = options.now ?? Date.now;
  const active = config.perClient > 0 || config.total > 0;
  let day = Math.floor(now() / DAY_MS);
  let accounts = new Map<string, Account>();
  let all: Account = { used: 0, held: 0 };
  let warned = false;

  /** Starts a new day when the date has changed: every budget is full again. */
  function today(): number {
    const current = Math.floor(now() / DAY_MS);
    if (current !== day) {
      day = current;
      accounts = new Map();
      all = { used: 0, held: 0 };
      warned = false;
    }
    return current;
  }

  function accountOf(client: string): Account {
    let account = accounts.get(client);
    if (account) return account;
    if (accounts.size >= config.maxClients) {
      if (!warned) {
        warned = true;
        options.onFull?.(config.maxClients);
      }
      account = accounts.get(OVERFLOW_CLIENT) ?? { used: 0, held: 0 };
      accounts.set(OVERFLOW_CLIENT, account);
      return account;
    }
    account = { used: 0, held: 0 };
    accounts.set(client, account);
    return account;
  }

  return {
    active,
    reserve(client, estimate) {
      if (!active) return { allowed: true, ticket: { settle() {} } };
      const reservedOn = today();
      const refuse = (scope: 'client' | 'total', limit: number): BudgetDecision => {
        const resetsAt = (reservedOn + 1) * DAY_MS;
        return { allowed: false, scope, limit, resetsAt, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now()) / 1000)) };
      };
      if (config.total > 0 && all.used + all.held >= config.total) return refuse('total', config.total);
      const account = config.perClient > 0 ? accountOf(client) : undefined;
      if (account && account.used + account.held >= config.perClient) return refuse('client', config.perClient);
      const hold = Math.max(0, Math.ceil(estimate));
      const holders = account ? [all, account] : [all];
      for (const holder of holders) holder.held += hold;
      let settled = false;
      return {
        allowed: true,
        ticket: {
          settle(tokensUsed) {
            if (settled) return;
            settled = true;
            const spent = Math.max(0, Math.ceil(tokensUsed));
            // A request that outlives midnight pays into the new day; the old day's holds are gone with it.
            if (today() === reservedOn) {
              for (const holder of holders) {
                holder.held -= hold;
                holder.used += spent;
              }
            } else {
              all.used += spent;
              if (config.perClient > 0) accountOf(client).used += spent;
            }
          },
        },
      };
    },
    used(client) {
      today();
      return accounts.get(client)?.used ?? 0;
    },
    get clients() {
      today();
      return accounts.size;
    },
  };
}
