import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from "react";
import { cn } from "@/lib/cn";

const variants = {
  primary: "bg-accent-strong text-slate-950 hover:bg-accent font-semibold",
  secondary: "border border-slate-700 bg-surface text-foreground hover:bg-surface-2",
  ghost: "text-muted hover:bg-surface-2 hover:text-foreground",
  danger: "bg-red-600 text-white hover:bg-red-500 font-semibold",
} as const;

const sizes = { xs: "h-7 px-1 text-xs", sm: "h-8 px-3 text-sm", md: "h-10 px-4 text-sm", lg: "h-12 px-6 text-base" } as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
};

/** Class names of a button, for links styled as buttons. */
export function buttonClasses(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md", className?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-md transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

/**
 * A disabled Button stays focusable (aria-disabled, its clicks ignored) instead of taking the
 * native disabled attribute: a button disabled while it has focus (Save turned "Saving...") would
 * otherwise drop the keyboard's focus to the top of the page, and a disabled action can still be
 * found and read with the keyboard. A click on it, including the form's implicit submission by
 * Enter, does nothing.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", className, type = "button", disabled, onClick, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-disabled={disabled || undefined}
      className={buttonClasses(variant, size, className)}
      // A handler only where one is needed: a server component renders enabled Buttons without any.
      onClick={disabled ? ignoreClick : onClick}
      {...props}
    />
  );
});

function ignoreClick(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
  event.stopPropagation();
}
