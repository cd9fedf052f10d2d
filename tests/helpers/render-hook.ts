// Renders a hook in a real React root (the test file runs under happy-dom: `// @vitest-environment
// happy-dom`), for the UI hooks' unit tests. `result.current` is the latest render's value;
// `commits` holds what each committed render saw (transition renders React threw away are not in
// it), so a test can check what the screen showed, commit by commit.
import { act, createElement, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function renderHook<R, C = R>(hook: () => R, snapshot: (value: R) => C = (value) => value as unknown as C) {
  const result = { current: undefined as R };
  const commits: C[] = [];
  function Probe() {
    const value = hook();
    result.current = value;
    useLayoutEffect(() => {
      commits.push(snapshot(value));
    });
    return null;
  }
  const root = createRoot(document.createElement("div"));
  act(() => root.render(createElement(Probe)));
  return { result, commits, unmount: () => act(() => root.unmount()) };
}

/** A promise the test settles when it wants to: a request still on its way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Runs `work` and lets React finish everything it started (transitions included). */
export async function settle(work: () => unknown = () => {}): Promise<void> {
  await act(async () => {
    await work();
  });
}
