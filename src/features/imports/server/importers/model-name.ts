import "server-only";

// The model a tool's file names, split into what a measurement stores
// (docs/PRODUCT.md#measured-ai-findings): the model id as the provider spells it, and its version
// when the name carries one ("claude-3-5-sonnet@20240620", "gpt-4o-2024-08-06").

/** A version a model's name ends with: a date (2024-08-06, 20240806) or a month (2026-10). */
const DATED = /[-_](\d{4}-\d{2}-\d{2}|\d{8}|\d{4}-\d{2})$/;

/** "gateway-model@2026-10" → the id and its version; "gpt-4o-2024-08-06" keeps its id and names the date. */
export function splitModelName(name: string): { modelId: string | null; modelVersion: string | null } {
  const trimmed = name.trim();
  if (!trimmed) return { modelId: null, modelVersion: null };
  const at = trimmed.lastIndexOf("@");
  if (at > 0 && at < trimmed.length - 1) return { modelId: trimmed.slice(0, at), modelVersion: trimmed.slice(at + 1) };
  return { modelId: trimmed, modelVersion: DATED.exec(trimmed)?.[1] ?? null };
}

/** The API kinds promptfoo writes between the provider and the model ("openai:chat:gpt-4o-mini"). */
const API_KINDS = new Set(["chat", "completion", "completions", "messages", "responses", "assistant", "embedding", "embeddings"]);

/**
 * A promptfoo provider id → provider, model and version: "openai:chat:gpt-4o-mini" is openai's
 * gpt-4o-mini; a URL (an HTTP target) or a bare name names no model.
 */
export function promptfooModel(providerId: string) {
  const id = providerId.trim();
  if (!id) return { provider: null, modelId: null, modelVersion: null };
  if (/^https?:\/\//i.test(id)) return { provider: "http", modelId: null, modelVersion: null };
  const [provider, ...rest] = id.split(":");
  if (rest.length > 1 && API_KINDS.has(rest[0]!.toLowerCase())) rest.shift();
  return { provider: provider || null, ...splitModelName(rest.join(":")) };
}
