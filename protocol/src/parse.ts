import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { type ErrorCode, RingbackError } from './errors';

export interface Parser<T> {
  /** Returns the typed value or throws RingbackError(code) naming the first bad field. */
  parse(raw: unknown): T;
  check(raw: unknown): raw is T;
}

/** Compiles a schema once; untrusted input is parsed at the edge and typed from there on. */
export function createParser<S extends TSchema>(
  schema: S,
  code: ErrorCode = 'invalid_request',
): Parser<Static<S>> {
  const compiled = Compile(schema);
  return {
    check: (raw: unknown): raw is Static<S> => compiled.Check(raw),
    parse(raw: unknown): Static<S> {
      if (compiled.Check(raw)) return raw as Static<S>;
      const first = compiled.Errors(raw)[0];
      const where = first?.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : 'body';
      throw new RingbackError(code, `${where}: ${first?.message ?? 'does not match the schema'}`);
    },
  };
}
