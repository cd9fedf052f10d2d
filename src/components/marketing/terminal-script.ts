// The hero terminal's 26 steps (docs/PRODUCT.md#marketing-hero), one line each. Commands are typed character by
// character; output lines appear whole. The claims are the product's demo figures.
export type TerminalLine = { kind: "command" | "info" | "warn" | "ok" | "plain"; text: string };

export const TERMINAL_LINES: readonly TerminalLine[] = [
  { kind: "command", text: "sentinel assess --scope llm-platform" },
  { kind: "info", text: "Mapping models, prompts, agents, data..." },
  { kind: "warn", text: "3 prompt-injection paths (2 critical)" },
  { kind: "warn", text: "PII reaching a third-party model API" },
  { kind: "ok", text: "Guardrails and scoped credentials applied" },
  { kind: "command", text: "sentinel govern --framework nist-ai-rmf" },
  { kind: "info", text: "Building model inventory and risk register" },
  { kind: "ok", text: "Controls mapped to ISO/IEC 42001" },
  { kind: "ok", text: "Board-ready AI policy pack delivered" },
  { kind: "command", text: "sentinel accelerate --team platform" },
  { kind: "info", text: "Rolling out secure AI-assisted workflows" },
  { kind: "ok", text: "3.5x faster reviews" },
  { kind: "ok", text: "67% fewer bugs in production" },
  { kind: "ok", text: "45% faster delivery" },
  { kind: "ok", text: "285% velocity increase" },
  { kind: "command", text: "sentinel report --summary" },
  { kind: "plain", text: "--------- engagement summary ---------" },
  { kind: "plain", text: "Team satisfaction      94/100" },
  { kind: "plain", text: "ROI reached in         2-3 weeks" },
  { kind: "plain", text: "Annual savings         $847,000" },
  { kind: "plain", text: "Critical findings open 0" },
  { kind: "plain", text: "--------------------------------------" },
  { kind: "command", text: "sentinel book --consultation" },
  { kind: "ok", text: "Free 30-min strategy session available" },
  { kind: "ok", text: "Response time: under 24 hours" },
  { kind: "ok", text: "Ready to secure your AI." },
];

export const TERMINAL_STEPS = TERMINAL_LINES.length;

export const TERMINAL_PREFIX: Record<TerminalLine["kind"], string> = {
  command: "$ ",
  info: "→ ",
  warn: "! ",
  ok: "✓ ",
  plain: "  ",
};
