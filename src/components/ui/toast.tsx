"use client";

import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { OutcomeMessage } from "./outcome-message";

type ToastState = { message: string; tone: "success" | "error" } | null;

type Show = (message: string, durationMs: number, tone?: "success" | "error") => void;

function useOwnToast() {
  const [toast, setToast] = useState<ToastState>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback<Show>((message, durationMs, tone = "success") => {
    clearTimeout(timer.current);
    setToast({ message, tone });
    timer.current = setTimeout(() => setToast(null), durationMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { toast, show };
}

const SharedToast = createContext<Show | null>(null);

/**
 * The app's one transient message (no window.alert anywhere): show(message, ms) replaces any
 * current one. Errors are announced assertively (role="alert"), successes politely. Inside a
 * ToastProvider (the admin frame) every component shows its messages in the frame's one toast,
 * which outlives the row or dialog that showed it (a booking that leaves a filtered list when it
 * is approved); its own <Toast> then renders nothing.
 */
export function useToast(): { toast: ToastState; show: Show } {
  const shared = useContext(SharedToast);
  const own = useOwnToast();
  return shared ? { toast: null, show: shared } : own;
}

/** One toast for everything inside it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { toast, show } = useOwnToast();
  return (
    <SharedToast.Provider value={show}>
      {children}
      <Toast toast={toast} />
    </SharedToast.Provider>
  );
}

export function Toast({ toast }: { toast: ToastState }) {
  // Nothing while there is no message: a list's every row has its own <Toast>, empty under the frame's.
  if (!toast) return null;
  return (
    <div className="pointer-events-none fixed bottom-20 left-4 right-4 z-50 flex justify-end md:bottom-6 md:left-auto">
      {/* The outcome message, on a solid ground above the page. */}
      <OutcomeMessage kind={toast.tone === "error" ? "refusal" : "success"} data-toast={toast.tone} floating>
        {toast.message}
      </OutcomeMessage>
    </div>
  );
}
