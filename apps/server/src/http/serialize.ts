import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod writes `x | null` as `anyOf: [x, {type: 'null'}]`; fast-json-stringify would then test
 * every value against both branches at run time. A nullable type array says the same and
 * compiles to one check.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nonNull = (anyOf as JsonSchema[]).find((s) => s.type !== 'null');
    const hasNull = (anyOf as JsonSchema[]).some((s) => s.type === 'null' && Object.keys(s).length === 1);
    if (hasNull && nonNull && typeof nonNull.type === 'string') {
      delete out.anyOf;
      return { ...out, ...nonNull, type: [nonNull.type, 'null'] };
    }
  }
  return out;
}

/** A contract response schema as the JSON Schema fast-json-stringify compiles. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

/**
 * Fastify's serializer for the contract's response schemas: each schema becomes a
 * fast-json-stringify function once, at start. It writes exactly the fields the contract names
 * (anything else a handler returns is left out) without re-parsing the answer through zod; the
 * compiler already checks each handler's return type against the same schema.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(responseJsonSchema(schema));
