import { z } from 'zod';
import { memberTargetInput } from './communities';

/** Another member's recognitions in a community the caller belongs to. */
export const memberRecognitionsInput = memberTargetInput;
/** Whether the caller's recognitions show to other members. */
export const recognitionVisibilityInput = z.object({ show: z.boolean({ message: 'recognitions.validation.show' }) });
