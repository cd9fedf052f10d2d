import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, leaving out the false ones. It does not resolve two utilities that set the same
 * property (tailwind-merge would, for about 9 KB gzipped on every screen): no class list may hold
 * two, and a component that takes a caller's `className` offers a prop for what callers vary (a
 * Card's `padding`, a Dialog's `width`). tests/unit/class-conflicts.test.ts checks every class list.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
