import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';

/*
 * The meetings' queries, named once for the tab, the meeting page and its route's loader (kept
 * apart from the components: the loader is part of the first bundle; the screens load with the page).
 */

type Outputs = inferRouterOutputs<AppRouter>['meetings'];
/** What `meetings.get` answers: the meeting page's data, and the prop every panel of the page takes. */
export type MeetingData = Outputs['get'];
export type MeetingSummary = Outputs['list']['upcoming'][number];
export type AgendaItem = MeetingData['agenda'][number];
export type RosterRow = Outputs['roster'][number];
export type Settings = Outputs['settings'];
export type FineRow = Outputs['fines']['fines'][number];

export const meetingsQuery = (communityId: number) => trpc.meetings.list.queryOptions({ communityId });
export const meetingQuery = (meetingId: number) => trpc.meetings.get.queryOptions({ meetingId });
export const rosterQuery = (meetingId: number) => trpc.meetings.roster.queryOptions({ meetingId });
export const settingsQuery = (communityId: number) => trpc.meetings.settings.queryOptions({ communityId });
export const rotaQuery = (communityId: number) => trpc.meetings.rota.queryOptions({ communityId });
export const finesQuery = (communityId: number) => trpc.meetings.fines.queryOptions({ communityId });
export const myCodeQuery = (communityId: number) => trpc.meetings.myCode.queryOptions({ communityId });
