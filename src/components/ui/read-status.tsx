import { Alert } from "./alert";

/**
 * What a card that reads its data when it shows (useReadOnShow) shows in place of that data while
 * it has none: the read's error, or a loading line.
 */
export function ReadStatus({ error, loading, loadingText }: { error: string | null; loading: boolean; loadingText: string }) {
  if (error) {
    return (
      <Alert tone="error" className="mt-3">
        {error}
      </Alert>
    );
  }
  return loading ? <p className="mt-4 text-sm text-muted">{loadingText}</p> : null;
}
