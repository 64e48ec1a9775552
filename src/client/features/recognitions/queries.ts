import { trpc } from '../../trpc';

export const myRecognitionsQuery = () => trpc.recognitions.mine.queryOptions();
export const memberRecognitionsQuery = (communityId: number, userId: string) => trpc.recognitions.member.queryOptions({ communityId, userId });
