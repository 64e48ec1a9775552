import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';

type Code = 'BAD_REQUEST' | 'CONFLICT' | 'UNAUTHORIZED';

/** An error tied to one form field: the formatter turns its cause into `issues`, so forms can place it. */
export function fieldError(code: Code, field: string, message: string): TRPCError {
  // ZodRealError, not ZodError: zod 4's ZodError is no Error subclass, so TRPCError would wrap it
  // in an UnknownCauseError and the formatter would find no issues.
  return new TRPCError({ code, message, cause: new ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]) });
}
