/** A positive integer id from a route or query parameter, else null. */
export function parseId(value: string | null | undefined): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}
