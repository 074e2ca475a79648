import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type $ZodType, safeEncode } from 'zod/v4/core';

/**
 * Responses are written by `fast-json-stringify`, compiled from each route's zod response schema
 * (through zod's own JSON Schema conversion, the one the OpenAPI document uses). Like the zod check
 * it replaces, it writes only the fields the schema names, so a column added to a query can never
 * leak; unlike it, it does not re-check and copy every value: the ticket lists answered 19–23% more
 * requests a second without that (docs/performance-history.md).
 *
 * The types are checked in the tests (NODE_ENV=test: the API, browser and fault tests all run so):
 * there `checkedSerializerCompiler` runs the zod schema as before, answers 500 on a mismatch, and
 * fails loudly if the compiled writer would have sent anything other than `JSON.stringify` of zod's
 * output. Development and production serve as they will in production, so `npm start` measures
 * what a deployment does.
 */

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`; fast-json-stringify would try such a
 * union branch by branch with a validator on every value. Where X has a plain type, the same
 * schema is `X` with `null` added to its type, which it compiles to a straight null check.
 */
export function foldNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullable);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = foldNullable(value);
  const anyOf = out.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return out;
  const nullAt = anyOf.findIndex((s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1);
  const other = anyOf[1 - nullAt] as JsonSchema | undefined;
  if (nullAt < 0 || !other || typeof other.type !== 'string') return out;
  const { anyOf: _union, ...rest } = out;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/** The JSON Schema of a response as it is sent (zod's output side). */
export function responseJsonSchema(schema: $ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  return foldNullable(json) as JsonSchema;
}

type Stringify = (data: unknown) => string;

/** One writer per schema object (the `{ error }` schema is shared by every route), compiled on first use. */
const writers = new WeakMap<$ZodType, Stringify>();

export function writerFor(schema: $ZodType): Stringify {
  let write = writers.get(schema);
  if (!write) {
    write = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as Stringify;
    writers.set(schema, write);
  }
  return write;
}

/** Production and development: the compiled writer alone. */
export const fastSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema }) => {
  let write: Stringify | undefined;
  return (data) => (write ??= writerFor(schema))(data);
};

/** Tests: the zod check first, then the compiled writer, held to `JSON.stringify` of zod's output. */
export const checkedSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema, method, url }) => {
  const write = writerFor(schema);
  return (data) => {
    const result = safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    const sent = write(data);
    const expected = JSON.stringify(result.data);
    if (sent !== expected) {
      throw new Error(
        `${method} ${url}: the compiled response writer differs from the zod schema\n  sent:     ${sent}\n  expected: ${expected}`,
      );
    }
    return sent;
  };
};
