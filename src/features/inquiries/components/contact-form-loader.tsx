"use client";

import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { flushSync } from "react-dom";
import type { ContactFormHandover } from "./contact-form";

type Loaded = { Form: ComponentType<{ handover?: ContactFormHandover }>; handover: ContactFormHandover };

/**
 * The form's code (react-hook-form, the zod schema) is the largest script on the landing page and
 * most visitors never reach the form, so it is not part of the initial JavaScript. The server renders
 * the same form as static HTML (children); when it comes within 600 px of the viewport, or on any
 * interaction with it, the code is loaded and the interactive form replaces the static one. Both
 * share their markup, so nothing moves, and what was typed, the focused field and a pending
 * submission are handed over.
 */
export function ContactFormLoader({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || loaded) return;
    let requested = false;
    let submitWhenReady = false;
    const load = () => {
      if (requested) return;
      requested = true;
      import("./contact-form").then(
        (module) => {
          // Read the static form and swap in the same task, so no keystroke falls in between.
          const handover = { ...captureForm(element), submit: submitWhenReady };
          flushSync(() => setLoaded({ Form: module.ContactForm, handover }));
        },
        () => {
          requested = false; // offline for a moment: try again on the next interaction
        },
      );
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: "600px 0px",
    });
    observer.observe(element);
    // Without its code the static form would post as plain HTML: hold the submission instead and
    // send it once the interactive form is there.
    const onSubmit = (event: Event) => {
      event.preventDefault();
      submitWhenReady = true;
      load();
    };
    element.addEventListener("focusin", load);
    element.addEventListener("pointerdown", load);
    element.addEventListener("submit", onSubmit);
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", load);
      element.removeEventListener("pointerdown", load);
      element.removeEventListener("submit", onSubmit);
    };
  }, [loaded]);

  return <div ref={ref}>{loaded ? <loaded.Form handover={loaded.handover} /> : children}</div>;
}

function captureForm(container: HTMLElement): Omit<ContactFormHandover, "submit"> {
  const form = container.querySelector("form");
  const values: Record<string, string> = {};
  if (!form) return { values, focus: null };
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  // The focused control by its position: both forms have the same controls in the same order.
  const active = document.activeElement;
  const index = Array.prototype.indexOf.call(form.elements, active);
  const focus =
    index < 0
      ? null
      : {
          index,
          selectionStart: active && "selectionStart" in active ? safeSelection(() => (active as HTMLInputElement).selectionStart) : null,
          selectionEnd: active && "selectionEnd" in active ? safeSelection(() => (active as HTMLInputElement).selectionEnd) : null,
        };
  return { values, focus };
}

// Some input types (email) have no selection API and throw when asked.
function safeSelection(read: () => number | null): number | null {
  try {
    return read();
  } catch {
    return null;
  }
}
