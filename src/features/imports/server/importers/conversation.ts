import "server-only";
import { effectiveTrials } from "@/lib/domain/clustered-rate";
import { isObject, textOf } from "./imported-finding";

// Multi-turn trials in a tool's file (docs/PRODUCT.md#measured-ai-findings): a trial that is a
// conversation keeps its id and the turns it used; a group of them, the turns, the budget, the seed
// prompts they started from and the clustered trials' worth.

export type Conversation = { id: string | null; turns: number | null; budget: number | null; seed: string | null };

const positive = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null);

/** The messages of a conversation as an array (promptfoo writes some as a JSON string). */
function messagesOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string" || !value.trim().startsWith("[")) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * promptfoo's multi-turn strategies (crescendo, goat, iterative, custom) keep the exchange in
 * `redteamHistory` (a turn a prompt and its output) or `messages` (the user's messages are the
 * turns), the session in `sessionId`, the budget in the strategy's `maxTurns`. A single-turn
 * result is no conversation: null.
 */
export function promptfooConversation(result: Record<string, unknown>, metadata: Record<string, unknown>): Conversation | null {
  const history = Array.isArray(metadata.redteamHistory) ? metadata.redteamHistory : null;
  const messages = messagesOf(metadata.messages);
  const turns = history
    ? history.length
    : messages
      ? messages.filter((m) => isObject(m) && m.role === "user").length || null
      : positive(metadata.turns ?? metadata.turnCount);
  const response = isObject(result.response) ? result.response : {};
  const id = textOf(metadata.sessionId) || textOf(metadata.conversationId) || textOf(response.sessionId) || null;
  if (!turns && !id) return null;
  const strategyConfig = isObject(metadata.strategyConfig) ? metadata.strategyConfig : {};
  return {
    id,
    turns: turns || null,
    budget: positive(metadata.maxTurns) ?? positive(strategyConfig.maxTurns),
    seed: textOf(metadata.originalText) || textOf(metadata.goal) || null,
  };
}

/** The conversations of one finding as they go by: its ids (a few), turns, budget and seeds. */
export class ConversationTally {
  readonly ids: string[] = [];
  private turns = 0;
  private allTurns = true;
  private any = false;
  private budget: number | null = null;
  private readonly seeds = new Map<string, { successes: number; trials: number }>();

  constructor(private readonly keep = 20) {}

  /** A graded trial: its conversation (null for a single-turn one) and whether the attack landed. */
  add(conversation: Conversation | null, landed: boolean) {
    if (!conversation) {
      this.allTurns = false;
      return;
    }
    this.any = true;
    if (conversation.id && this.ids.length < this.keep)
      this.ids.push(conversation.turns ? `${conversation.id} (${conversation.turns} turns)` : conversation.id);
    if (conversation.turns) this.turns += conversation.turns;
    else this.allTurns = false;
    if (conversation.budget) this.budget = Math.max(this.budget ?? 0, conversation.budget);
    const seed = this.seeds.get(conversation.seed ?? "") ?? { successes: 0, trials: 0 };
    seed.trials += 1;
    if (landed) seed.successes += 1;
    this.seeds.set(conversation.seed ?? "", seed);
  }

  /** The measurement's multi-turn fields; none when no trial was a conversation. */
  fields() {
    if (!this.any) return {};
    const seeded = this.seeds.size > 1 || !this.seeds.has("");
    return {
      turnsUsed: this.allTurns ? this.turns : null,
      turnBudget: this.budget,
      seedPrompts: seeded && this.allTurns ? this.seeds.size : null,
      effectiveTrials: seeded && this.allTurns ? effectiveTrials([...this.seeds.values()]) : null,
    };
  }
}
