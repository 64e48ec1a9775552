import { createFileRoute } from '@tanstack/react-router';
import { CommunityDetails } from '../../features/communities/community-details';

export const Route = createFileRoute('/communities/$id')({ component: () => <CommunityDetails id={Route.useParams().id} /> });
