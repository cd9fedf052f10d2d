import { buttonClasses } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";

/**
 * A box to type a letter's code (docs/PRODUCT.md#verifying-a-letter): a plain GET form to `/verify`,
 * which opens `/verify/{code}`, so it works before (and without) the page's script.
 */
export function LetterCodeForm({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <form action="/verify" method="get" aria-label="Check a letter" className="flex w-full max-w-sm flex-wrap items-end gap-2 text-left">
      <Field id="letter-code" label="Letter code" error={error} className="min-w-0 flex-1">
        <Input
          {...fieldAria("letter-code", error)}
          name="code"
          defaultValue={defaultValue}
          placeholder="ABCDE-FGHJK"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
        />
      </Field>
      <button type="submit" className={buttonClasses("primary", "md")}>
        Check
      </button>
    </form>
  );
}
