import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

// A control that cannot be changed (readonly by attribute: every select matches :read-only; or
// disabled, also through its fieldset) drops the box that invites typing, so a read-only view (an
// admin viewing the portal, a member) never looks editable.
const control =
  "w-full rounded-md border border-slate-700 bg-slate-900 px-3 text-foreground placeholder:text-slate-500 focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent aria-[invalid=true]:border-red-500 [&[readonly]]:border-dashed [&[readonly]]:border-slate-800 [&[readonly]]:bg-transparent disabled:cursor-not-allowed disabled:border-dashed disabled:border-slate-800 disabled:bg-transparent";

/** A value typed or copied as it is (a token, a URL, a certificate): in a fixed-width face, smaller. */
type Mono = { mono?: boolean };
const text = (mono?: boolean) => (mono ? "font-mono text-xs" : "text-sm");

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Mono>(function Input(
  { className, mono, ...props },
  ref,
) {
  return <input ref={ref} className={cn(control, "h-10 py-2", text(mono), className)} {...props} />;
});

/**
 * A file picker in the form's look: the box of the other controls, its "Choose file" button styled
 * as a secondary button (the browser's own otherwise, which differs per browser and ignores the theme).
 */
export const FileInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type">>(function FileInput(
  { className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      type="file"
      className={cn(
        control,
        "h-auto max-w-full cursor-pointer py-1.5 text-sm file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-surface-2 file:px-3 file:py-1 file:text-sm file:font-medium file:text-foreground hover:file:bg-slate-700",
        className,
      )}
      {...props}
    />
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Mono>(function Textarea(
  { className, mono, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(control, "py-2", text(mono), className)} {...props} />;
});

// A list of several choices shows a few of its options at once; a drop-down is one line high.
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return <select ref={ref} className={cn(control, "py-2 text-sm", props.multiple ? "h-28" : "h-10", className)} {...props} />;
});

/**
 * Label, control and error message wired together: the control gets aria-invalid and
 * aria-describedby pointing at the message, so screen readers announce it.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-muted">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props for a control inside Field: aria wiring for its error message. */
export function fieldAria(id: string, error?: string) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}
