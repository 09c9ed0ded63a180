import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, nullablesAsTypeLists } from './answer-serializer.js';

const item = z.object({
  id: z.string(),
  takenAt: z.string().meta({ format: 'date-time' }).nullable(),
  rotation: z.union([z.literal(0), z.literal(90)]),
  role: z.enum(['viewer', 'contributor']).optional(),
});

/** A server with one route answering `answer` under the contract `z.array(item)`. */
async function serverAnswering(answer: unknown, checkAnswers: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers }));
  app.get('/items', { schema: { response: { 200: z.array(item) } } }, async () => answer as never);
  await app.ready();
  return app;
}

describe('answers written from their contract', () => {
  const valid = [
    { id: 'a', takenAt: null, rotation: 90, role: 'viewer' },
    { id: 'b', takenAt: '2026-01-02T03:04:05.000Z', rotation: 0 },
  ];

  it.each([false, true])(
    'write what the contract names, nulls and absent fields as they are (checked: %s)',
    async (checkAnswers) => {
      const app = await serverAnswering(valid, checkAnswers);
      const res = await app.inject({ method: 'GET', url: '/items' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual(valid);
      await app.close();
    },
  );

  it.each([false, true])(
    'never write a property the contract does not name (checked: %s)',
    async (checkAnswers) => {
      const app = await serverAnswering(
        [{ ...valid[0], passwordHash: 'secret', owner: { email: 'a@example.com' } }],
        checkAnswers,
      );
      const res = await app.inject({ method: 'GET', url: '/items' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('secret');
      expect(res.json()).toEqual([valid[0]]);
      await app.close();
    },
  );

  it('checked, fail an answer that breaks its contract rather than send it', async () => {
    const app = await serverAnswering([{ id: 'a', takenAt: null, rotation: 45 }], true);
    const res = await app.inject({ method: 'GET', url: '/items' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('45');
    await app.close();
  });

  it('unchecked, still refuse an answer that lacks a property the contract requires', async () => {
    const app = await serverAnswering([{ takenAt: null, rotation: 0 }], false);
    const res = await app.inject({ method: 'GET', url: '/items' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});

describe('nullablesAsTypeLists', () => {
  it('writes a nullable primitive as one schema of both types, a nullable object as it is', () => {
    const schema = z.toJSONSchema(
      z.object({
        takenAt: z.string().meta({ format: 'date-time' }).nullable().meta({ description: 'When' }),
        count: z.number().int().nullable(),
        owner: z.object({ id: z.string() }).nullable(),
      }),
      { io: 'output', target: 'draft-7' },
    );
    const properties = (nullablesAsTypeLists(schema) as { properties: Record<string, unknown> })
      .properties;
    expect(properties.takenAt).toEqual({
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When',
    });
    expect(properties.count).toMatchObject({ type: ['integer', 'null'] });
    expect(properties.owner).toHaveProperty('anyOf');
  });
});
