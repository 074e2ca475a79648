import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import {
  checkedSerializerCompiler,
  fastSerializerCompiler,
  foldNullable,
  responseJsonSchema,
  writerFor,
} from '../../src/server/lib/serializer.js';
import { userResponseSchema } from '../../src/shared/contracts/auth.js';
import { ticketsResponseSchema } from '../../src/shared/contracts/tickets.js';

// Every route's response schemas are compiled when an app is built in the API tests (the checked
// compiler compiles eagerly), and every response those tests receive is held to JSON.stringify of
// zod's output; these cases pin the behaviour the routes rely on.

const compile = (compiler: typeof fastSerializerCompiler, schema: $ZodType) =>
  compiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const ticket = {
  id: '0192f0a0-0000-7000-8000-000000000001',
  service: 'Laptop repair - Screen',
  mainService: { name: 'Laptop repair' },
  subService: { name: 'Screen' },
  description: 'The screen flickers "sometimes" — and then goes dark.\n\u2028',
  status: 'in-progress',
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  remarks: null,
  user: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
  engineer: null,
};

describe('response writers compiled from the zod schemas', () => {
  it('folds zod’s nullable union into a nullable type', () => {
    expect(
      foldNullable({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }], description: 'd' }),
    ).toEqual({
      type: ['string', 'null'],
      format: 'date-time',
      description: 'd',
    });
    // A union of two real types stays a union.
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(foldNullable(union)).toEqual(union);
  });

  it('leaves no anyOf-with-null in the ticket list schema', () => {
    expect(JSON.stringify(responseJsonSchema(ticketsResponseSchema))).not.toContain('"type":"null"}');
  });

  it('writes exactly what JSON.stringify writes of zod’s output, nulls, quotes and line separators included', () => {
    const data = {
      tickets: [
        ticket,
        { ...ticket, engineer: { id: ticket.id, name: 'Ravi', email: 'ravi@example.com', phone: '9876500000' } },
      ],
      nextCursor: 'abc',
    };
    const expected = JSON.stringify(ticketsResponseSchema.parse(data));
    expect(compile(fastSerializerCompiler, ticketsResponseSchema)(data)).toBe(expected);
    expect(compile(checkedSerializerCompiler, ticketsResponseSchema)(data)).toBe(expected);
  });

  it('never writes a field the schema does not name (a password hash added to a row stays in)', () => {
    const user = {
      id: ticket.id,
      name: 'Asha',
      email: 'asha@example.com',
      phone: '9876543210',
      role: 'user',
      createdAt: ticket.createdAt,
      passwordHash: '$argon2id$secret',
    };
    const sent = compile(fastSerializerCompiler, userResponseSchema)({ user });
    expect(sent).not.toContain('passwordHash');
    expect(sent).not.toContain('argon2id');
    expect(JSON.parse(sent)).toEqual({
      user: {
        id: ticket.id,
        name: 'Asha',
        email: 'asha@example.com',
        phone: '9876543210',
        role: 'user',
        createdAt: ticket.createdAt,
      },
    });
  });

  it('refuses a response that does not match its schema where it is checked (the tests)', () => {
    const write = compile(checkedSerializerCompiler, ticketsResponseSchema);
    expect(() => write({ tickets: [{ ...ticket, status: 'lost' }], nextCursor: null })).toThrow(
      ResponseSerializationError,
    );
    expect(() => write({ tickets: [{ ...ticket, id: undefined }], nextCursor: null })).toThrow(
      ResponseSerializationError,
    );
  });

  it('refuses, in production too, a response missing a required field', () => {
    const write = compile(fastSerializerCompiler, ticketsResponseSchema);
    const { user: _missing, ...withoutUser } = ticket;
    expect(() => write({ tickets: [withoutUser], nextCursor: null })).toThrow();
  });

  it('fails loudly if the compiled writer would send something else than the zod schema describes', () => {
    // A schema whose JSON Schema says "integer" while zod takes any number: the writer would send 7.
    const lying = z.object({ amount: z.number().meta({ type: 'integer' }) });
    expect(() => compile(checkedSerializerCompiler, lying)({ amount: 7.5 })).toThrow(/differs from the zod schema/);
  });

  it('compiles each schema once, however many routes share it', () => {
    const error = z.object({ error: z.string() });
    expect(writerFor(error)).toBe(writerFor(error));
  });
});
