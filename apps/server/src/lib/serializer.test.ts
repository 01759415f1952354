import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer } from './serializer.js';

const contract = z.object({
  code: z.number(),
  message: z.string(),
  data: z.object({ id: z.number(), rows: z.array(z.object({ name: z.string() })) }).optional(),
});
const route = { schema: contract, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<
  ReturnType<typeof answerSerializer>
>[0];

describe('the compiled answer writer', () => {
  it('writes only the fields the contract names, at every depth (as the zod parse did)', () => {
    const write = answerSerializer(false)(route);
    const answer = {
      code: 0,
      message: 'success',
      secret: 'x',
      data: { id: 1, sealedPrice: 99, rows: [{ name: 'a', internal: true }] },
    };
    expect(JSON.parse(write(answer))).toEqual({
      code: 0,
      message: 'success',
      data: { id: 1, rows: [{ name: 'a' }] },
    });
  });

  it('outside production refuses an answer that breaks its contract', () => {
    const write = answerSerializer(true)(route);
    expect(() => write({ code: 0, message: 'success', data: { id: 'one', rows: [] } })).toThrow(
      /breaks its contract/,
    );
    expect(write({ code: 0, message: 'success', data: { id: 1, rows: [] } })).toBe(
      '{"code":0,"message":"success","data":{"id":1,"rows":[]}}',
    );
  });
});
