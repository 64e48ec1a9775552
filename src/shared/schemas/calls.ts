import { z } from 'zod';
import { conversationId } from './chat';

/* Inputs of the calls operations (src/server/operations/calls.ts). */

export const callId = z.coerce.number({ message: 'calls.validation.callId' }).int('calls.validation.callId').positive('calls.validation.callId').max(Number.MAX_SAFE_INTEGER, 'calls.validation.callId');
export const startCallInput = z.object({ conversationId, media: z.enum(['audio', 'video'], { message: 'calls.validation.media' }) });
export const callIdInput = z.object({ callId });
export const callConversationInput = z.object({ conversationId });
