"use client";

import { lazy, Suspense, useEffect, useRef } from "react";

// The form's code (react-hook-form, the zod schema, the fields) is the largest script on the landing
// page and most visitors never reach the form, so it is not part of the initial JavaScript. The
// server still renders the complete form; in the browser that HTML stays as it is (a dehydrated
// Suspense boundary) until the code is loaded, then React hydrates it in place: no swap, no layout
// shift, and anything already typed is kept (react-hook-form reads the inputs' current values).
let openGate: () => void = () => {};
const gate = typeof window === "undefined" ? Promise.resolve() : new Promise<void>((resolve) => (openGate = resolve));
const ContactForm = lazy(() => gate.then(() => import("./contact-form")).then((module) => ({ default: module.ContactForm })));

/** Loads the form's code when it comes within 600 px of the viewport, or on any interaction with it. */
export function ContactFormLoader() {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const load = () => openGate();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: "600px 0px",
    });
    observer.observe(element);
    // Submitting before the code arrived would fall back to a plain HTML post: keep the visitor on
    // the page instead; the form is interactive a moment later.
    const onEarlySubmit = (event: Event) => {
      if ((event.target as HTMLFormElement).dataset.ready !== "true") event.preventDefault();
      load();
    };
    element.addEventListener("focusin", load);
    element.addEventListener("pointerdown", load);
    element.addEventListener("submit", onEarlySubmit, true);
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", load);
      element.removeEventListener("pointerdown", load);
      element.removeEventListener("submit", onEarlySubmit, true);
    };
  }, []);

  return (
    <div ref={ref}>
      <Suspense fallback={null}>
        <ContactForm />
      </Suspense>
    </div>
  );
}
