import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

/** What the collecting procedures answer, for the screens. */
type Outputs = inferRouterOutputs<AppRouter>['collecting'];
export type Instructions = Outputs['instructions'];
export type AccountInstructions = Instructions['accounts'][number];
export type TextRead = Outputs['readText'];
export type KnownText = Extract<TextRead, { known: true }>;
export type StatementPreview = Outputs['previewStatement'];
export type StatementSummary = Outputs['statements'][number];
export type StatementView = Outputs['statement'];
export type StatementLine = StatementView['lines'][number];
export type MatchResult = Outputs['confirmMatches']['results'][number];
