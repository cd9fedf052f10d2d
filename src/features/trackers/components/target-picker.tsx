"use client";

import { List } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useChange } from "@/components/ui/use-change";
import { listTrackerTargetsAction } from "@/features/trackers/actions/portal";
import type { TrackerTargetsInput } from "@/features/trackers/validation";

// The Connect forms' list of what the typed token can see (docs/PRODUCT.md#integrations): a
// suggestion list on the target's field, so the owner picks a name rather than spelling it.

type Words = { one: string; what: string; none: string; typed: string };
const WORDS: Record<TrackerTargetsInput["kind"], Words> = {
  github: { one: "repository", what: "repositories", none: "This token sees no repository with issues.", typed: "name" },
  gitlab: { one: "project", what: "projects", none: "This token is a member of no project.", typed: "name" },
  // Jira's field takes the project's key (SEC), not its name.
  jira: { one: "project", what: "projects", none: "This account may create issues in no project.", typed: "key" },
};

/**
 * A "List …" button and the `<datalist>` the target's input names by `listId`. The tracker's
 * refusal lands on the token's field (`onRefused`), where the Connect button would put it.
 */
export function TargetPicker({
  kind,
  listId,
  values,
  onRefused,
}: {
  kind: TrackerTargetsInput["kind"];
  listId: string;
  /** The form's values now: the token (and address) to ask with. */
  values: () => TrackerTargetsInput;
  onRefused: (field: string, message: string) => void;
}) {
  const words = WORDS[kind];
  const [targets, setTargets] = useState<string[] | null>(null);
  const [status, setStatus] = useState("");
  const { isBusy, run } = useChange((message) => setStatus(message));
  const list = () =>
    run("list", () => listTrackerTargetsAction(values()), {
      refresh: false,
      done: ({ targets: found }) => {
        setTargets(found);
        setStatus(
          found.length
            ? `${found.length} ${found.length === 1 ? words.one : words.what} found: pick one in the field, or type its ${words.typed}.`
            : words.none,
        );
      },
      refused: (refusal) => {
        const [field, message] = Object.entries(refusal.fieldErrors ?? {})[0] ?? [];
        if (!field || !message) return false;
        setStatus("");
        onRefused(field, message);
        return true;
      },
    });
  return (
    <div className="space-y-1">
      <Button variant="secondary" size="sm" onClick={list} disabled={isBusy}>
        <List className="h-4 w-4" aria-hidden /> {isBusy ? "Listing..." : `List ${words.what}`}
      </Button>
      <p role="status" className="text-xs text-muted">
        {status}
      </p>
      <datalist id={listId}>
        {(targets ?? []).map((target) => (
          <option key={target} value={target} />
        ))}
      </datalist>
    </div>
  );
}
