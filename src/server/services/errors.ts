import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

type Code = 'BAD_REQUEST' | 'CONFLICT' | 'UNAUTHORIZED';

/** An error tied to one form field: the formatter turns its cause into `issues`, so forms can place it. */
export function fieldError(code: Code, field: string, message: string): TRPCError {
  return new TRPCError({ code, message, cause: new ZodError([{ code: 'custom', path: [field], message, input: undefined }]) });
}
