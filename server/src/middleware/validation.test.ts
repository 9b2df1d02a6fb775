import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NUL_MESSAGE } from '@common/schemas/text';
import { registerErrorHandling } from './errors';
import { requestValidatorCompiler } from './validation';

describe('requestValidatorCompiler', () => {
  it('refuses a NUL even where a schema forgot text(): a bare z.string(), free-form data, a query', async () => {
    const app = Fastify();
    app.setValidatorCompiler(requestValidatorCompiler);
    registerErrorHandling(app);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/echo',
      {
        schema: {
          body: z.object({ name: z.string(), data: z.unknown() }),
          querystring: z.object({ q: z.string().optional() }),
        },
      },
      async (request) => ({ name: request.body.name }),
    );
    const post = (payload: unknown, url = '/echo') => app.inject({ method: 'POST', url, payload: payload as object });

    const bare = await post({ name: 'a\u0000', data: null });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ message: `name: ${NUL_MESSAGE}` });
    expect((await post({ name: 'a', data: { rows: ['x', 'y\u0000'] } })).json()).toEqual({
      message: `data.rows.1: ${NUL_MESSAGE}`,
    });
    expect((await post({ name: 'a', data: 1 }, '/echo?q=%00')).json()).toEqual({ message: `q: ${NUL_MESSAGE}` });
    const fine = await post({ name: 'owl', data: 'text' });
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toEqual({ name: 'owl' });
    await app.close();
  });
});
