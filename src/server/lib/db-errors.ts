/** Drizzle wraps driver errors; PGlite and node-postgres both carry PostgreSQL's SQLSTATE as `code`. */
function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';
/** Text PostgreSQL cannot store (a NUL character): the input is at fault, not the server. */
export const isInvalidText = (err: unknown) => sqlState(err) === '22021';
