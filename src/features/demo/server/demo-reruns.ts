import "server-only";
import { effectiveTrials } from "@/lib/domain/clustered-rate";
import { modelLabel, rateSentence } from "@/lib/domain/finding-measurement";
import { DEMO_USERS } from "./demo-data";
import { DEMO_MODEL } from "./demo-measurements";

// The demo's scheduled re-runs (docs/PRODUCT.md#measured-ai-findings), on Acme's LLM gateway:
// a weekly schedule of gateway-model's reproducers and two runs on 2026-11, the firm's PyRIT import
// nine days ago and Acme's CI two days ago. A multi-turn finding (Crescendo conversations, 8 of 40
// then 6 of 40) is still present; an indirect injection the second run left out is "not seen",
// and stays open. Dates are counted from the seeding.

const day = (days: number) => new Date(Date.now() + days * 86_400_000);

export const DEMO_RERUNS = {
  conversation: {
    findingId: "00000000-0000-4000-8000-f10000000013",
    title: "Crescendo conversation talks the gateway past its content policy",
  },
  notSeen: { findingId: "00000000-0000-4000-8000-f10000000014", title: "Instructions in a pasted document override the gateway's task" },
  schedule: "00000000-0000-4000-8000-f40000000001",
  firstRun: "00000000-0000-4000-8000-f50000000001",
  secondRun: "00000000-0000-4000-8000-f50000000002",
  version: DEMO_MODEL.after,
} as const;

/** The Crescendo conversations' outcomes per seed objective (8 objectives, 5 conversations each). */
const FIRST_CLUSTERS = [3, 2, 1, 1, 1, 0, 0, 0].map((successes) => ({ successes, trials: 5 }));
const SECOND_CLUSTERS = [2, 2, 1, 1, 0, 0, 0, 0].map((successes) => ({ successes, trials: 5 }));

const conversations = (clusters: { successes: number; trials: number }[], turnsUsed: number) => ({
  trials: clusters.reduce((sum, c) => sum + c.trials, 0),
  successes: clusters.reduce((sum, c) => sum + c.successes, 0),
  turnsUsed,
  turnBudget: 10,
  seedPrompts: clusters.length,
  effectiveTrials: effectiveTrials(clusters),
});

/** The schedule, the two runs, their measurements and the timeline entries they wrote. */
export function demoRerunRows(projectId: string) {
  const target = { provider: DEMO_MODEL.provider, modelId: DEMO_MODEL.modelId };
  const admin = { recordedBy: DEMO_USERS.admin.id, recordedByName: DEMO_USERS.admin.name };
  const ci = { recordedBy: null, recordedByName: 'API token "CI"' };
  const schedules = [
    {
      id: DEMO_RERUNS.schedule,
      projectId,
      ...target,
      cadence: "weekly" as const,
      dueAt: day(5),
      setBy: DEMO_USERS.acme.id,
      setByName: DEMO_USERS.acme.name,
      createdAt: day(-10),
    },
  ];
  const runs = [
    {
      id: DEMO_RERUNS.firstRun,
      projectId,
      scheduleId: DEMO_RERUNS.schedule,
      ...target,
      modelVersion: DEMO_RERUNS.version,
      source: "import" as const,
      ...admin,
      createdAt: day(-9),
    },
    {
      id: DEMO_RERUNS.secondRun,
      projectId,
      scheduleId: DEMO_RERUNS.schedule,
      ...target,
      modelVersion: DEMO_RERUNS.version,
      source: "ci" as const,
      ...ci,
      createdAt: day(-2),
    },
  ];
  const version = { ...target, modelVersion: DEMO_RERUNS.version };
  const measurements = [
    {
      findingId: DEMO_RERUNS.conversation.findingId,
      source: "import" as const,
      ...version,
      ...conversations(FIRST_CLUSTERS, 274),
      probe: "CrescendoAttack",
      rerunId: DEMO_RERUNS.firstRun,
      ...admin,
      measuredAt: day(-9),
    },
    {
      findingId: DEMO_RERUNS.notSeen.findingId,
      source: "import" as const,
      ...version,
      trials: 30,
      successes: 3,
      probe: "indirect-prompt-injection",
      rerunId: DEMO_RERUNS.firstRun,
      ...admin,
      measuredAt: day(-9),
    },
    {
      findingId: DEMO_RERUNS.conversation.findingId,
      source: "run" as const,
      ...version,
      ...conversations(SECOND_CLUSTERS, 291),
      probe: "CrescendoAttack",
      rerunId: DEMO_RERUNS.secondRun,
      ...ci,
      measuredAt: day(-2),
    },
  ];
  const model = modelLabel(version);
  const events = measurements.map((m) => ({
    findingId: m.findingId,
    kind: "measured" as const,
    note: `${m.source === "run" ? "Your CI's run" : "Recorded a measurement"}: ${rateSentence(m.successes, m.trials)} on ${model}`,
    actorId: m.recordedBy,
    actorRole: m.source === "run" ? ("client" as const) : ("admin" as const),
    actorName: m.recordedByName,
    createdAt: m.measuredAt,
  }));
  return { schedules, runs, measurements, events };
}
