import { Button, Card, Container, Heading, Stack } from '@chakra-ui/react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CreateCommunityForm } from '../../../features/communities/create-community';

// A form that reads nothing: no loader.
export const Route = createFileRoute('/_signed-in/communities/create')({ component: CreateCommunityPage });

function CreateCommunityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container maxW="2xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Button asChild variant="ghost" alignSelf="flex-start" size="sm">
          <Link to="/communities">
            <ArrowLeft aria-hidden /> {t('communities.create.back')}
          </Link>
        </Button>
        <Heading as="h1" size="2xl">
          {t('communities.create.title')}
        </Heading>
        <Card.Root>
          <Card.Body>
            <CreateCommunityForm onCreated={(c) => navigate({ to: '/communities/$id', params: { id: String(c.id) } })} />
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
