import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Answers are written by fast-json-stringify, compiled once per route from the contract's zod
 * schema: like the zod parse it replaces, it writes only the fields the contract names (a field
 * a handler adds by mistake never leaves), and it costs a fraction of a parse per answer.
 *
 * `checked` (every environment but production, so every test): each answer is also parsed by
 * its contract, and the compiled writer's JSON must be the very JSON of the parse, or the
 * request fails — every answer the tests see is validated and proves the production writer.
 */
export function answerSerializer(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const jsonSchema = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'input',
      unrepresentable: 'any',
    });
    const write = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    if (!checked) return write as (data: unknown) => string;
    return (data: unknown) => {
      // encode, as the zod type provider's serializer did: the answer is the contract's output side.
      const parsed = z.safeEncode(schema, data);
      if (!parsed.success) {
        throw new Error(`answer of ${method} ${url} breaks its contract: ${parsed.error.message}`);
      }
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(parsed.data)))) {
        throw new Error(`the compiled writer of ${method} ${url} differs from its contract`);
      }
      return written;
    };
  };
}
