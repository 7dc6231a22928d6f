/** A choice's options from its keys, each labelled by the message `<prefix>.<key>`. */
export function messageOptions<K extends string>(
  keys: readonly K[],
  prefix: string,
  t: (id: string) => string,
): { value: K; label: string }[] {
  return keys.map((value) => ({ value, label: t(`${prefix}.${value}`) }))
}
