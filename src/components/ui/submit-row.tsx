import { Button } from "./button";

/** A form's one submit button at its right edge; while busy it is disabled and says what it is doing. */
export function SubmitRow({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
