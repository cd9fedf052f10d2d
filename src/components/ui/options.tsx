/**
 * The <option>s of a select, one per item. A domain list (src/lib/domain) passes its values and its
 * labels; a list of records says how to read each one's value and label.
 */
export function Options<T>({
  items,
  label,
  value = (item) => String(item),
  className,
}: {
  items: readonly T[];
  label: ((item: T) => string) | Partial<Record<string, string>>;
  value?: (item: T) => string;
  className?: string;
}) {
  const labelOf = typeof label === "function" ? label : (item: T) => label[value(item)] ?? value(item);
  return items.map((item) => (
    <option key={value(item)} value={value(item)} className={className}>
      {labelOf(item)}
    </option>
  ));
}

/** Shows a value as written (service names are their own labels). */
export const asWritten = (item: string) => item;
