"use client";

import { createContext, type Dispatch, type ReactNode, type SetStateAction, useCallback, useContext, useMemo, useState } from "react";
import { type Outcome, OutcomeMessage } from "./outcome-message";
import type { Notify } from "./use-change";

type Owned = Outcome & { owner: string };
type ScopeState = { current: Owned | null; set: Dispatch<SetStateAction<Owned | null>> };

const Scope = createContext<ScopeState | null>(null);

/**
 * A card or dialog whose several buttons share one outcome message (src/components/README.md):
 * the newest outcome anywhere inside replaces the older, and shows next to the button pressed.
 */
export function OutcomeScope({ children }: { children: ReactNode }) {
  const [current, set] = useState<Owned | null>(null);
  const value = useMemo(() => ({ current, set }), [current]);
  return <Scope.Provider value={value}>{children}</Scope.Provider>;
}

/**
 * One place's outcome (a form, a button) in its scope: `notify` (for useChange / useFormSubmit)
 * makes it the scope's one message; `outcome` is that message while it is this place's, else null.
 * Outside a scope the place keeps its own.
 */
export function useOutcomeSlot(owner: string) {
  const scope = useContext(Scope);
  const [own, setOwn] = useState<Owned | null>(null);
  const current = scope ? scope.current : own;
  const set = scope ? scope.set : setOwn;
  const notify: Notify = useCallback((text, tone) => set({ owner, text, kind: tone === "error" ? "refusal" : "success" }), [set, owner]);
  const clear = useCallback(() => set(null), [set]);
  return { outcome: current?.owner === owner ? current : null, notify, clear };
}

/** A slot's message, where the place shows it (next to its button); nothing while it has none. */
export function SlotMessage({ outcome, className }: { outcome: Outcome | null; className?: string }) {
  return outcome ? (
    <OutcomeMessage kind={outcome.kind} className={className}>
      {outcome.text}
    </OutcomeMessage>
  ) : null;
}
