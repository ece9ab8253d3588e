import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { applySpecValidation } from '../../../../src/server/lib/specValidation.ts';

/*
 * Request bodies are bounded before ajv runs: an array longer than its schema's maxItems is
 * refused with the schema's own words without validating its items (ajv-errors needs
 * allErrors, which reported every item of a 10,000-item array and held the server for
 * seconds), and a route whose body schema has an array without maxItems does not register.
 */

const ITEM = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 2, errorMessage: 'Please enter valid name.' } },
  required: ['name'],
};

async function appWith(body: object) {
  const app = Fastify();
  applySpecValidation(app);
  const seen: unknown[] = [];
  app.post('/x', { schema: { body } }, async (request) => {
    seen.push(request.body);
    return { ok: true };
  });
  app.setErrorHandler((error: { validation?: unknown; message: string }, _request, reply) =>
    reply.code(400).send({ message: error.message, validation: error.validation }),
  );
  await app.ready();
  return { app, seen };
}

const bounded = {
  type: 'object',
  properties: {
    people: {
      type: 'array',
      maxItems: 2,
      items: {
        type: 'object',
        properties: { tags: { type: 'array', maxItems: 3, items: { type: 'string' } }, ...ITEM.properties },
      },
      errorMessage: { maxItems: 'Please add at most two people.' },
    },
  },
};

describe('bodies bounded before validation', () => {
  it("refuses an array over its maxItems in the schema's words, as one error, without validating its items", async () => {
    const { app, seen } = await appWith(bounded);
    const res = await app.inject({
      method: 'POST',
      url: '/x',
      payload: { people: Array.from({ length: 10_000 }, () => ({ name: '' })) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please add at most two people.',
      validation: [
        expect.objectContaining({
          instancePath: '/people',
          keyword: 'maxItems',
          message: 'Please add at most two people.',
        }),
      ],
    });
    expect(seen).toEqual([]);
  });

  it('finds an array nested in an item, with a plain message where the schema has none', async () => {
    const { app } = await appWith(bounded);
    const res = await app.inject({
      method: 'POST',
      url: '/x',
      payload: { people: [{ name: 'Asha' }, { name: 'Ravi', tags: ['a', 'b', 'c', 'd'] }] },
    });
    expect(res.json().validation).toEqual([
      expect.objectContaining({ instancePath: '/people/1/tags', message: 'Please send at most 3 items.' }),
    ]);
  });

  it('leaves bodies within their bounds to the schema, every field checked as before', async () => {
    const { app, seen } = await appWith(bounded);
    const bad = await app.inject({
      method: 'POST',
      url: '/x',
      payload: { people: [{ name: 'A' }, { name: 'B' }] },
    });
    expect(bad.json().validation).toHaveLength(2);
    expect(bad.json().message).toBe('Please enter valid name.');
    const good = await app.inject({ method: 'POST', url: '/x', payload: { people: [{ name: 'Asha' }] } });
    expect(good.statusCode).toBe(200);
    expect(seen).toEqual([{ people: [{ name: 'Asha' }] }]);
  });

  it('does not register a route whose body may carry an array without maxItems', async () => {
    await expect(
      appWith({ type: 'object', properties: { list: { type: 'array', items: ITEM } } }),
    ).rejects.toThrow(/Request schema \/properties\/list: an array without maxItems/);
  });
});
