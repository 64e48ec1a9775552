import { Button, Icon, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthCard } from './auth-card';

/** One outcome of a link the user followed: working, success or failure, with where to go next. */
export function ResultView(props: {
  status: 'loading' | 'success' | 'error';
  title: string;
  message: ReactNode;
  action?: { label: string; to: string };
  extra?: ReactNode;
}) {
  return (
    <AuthCard title={props.title}>
      <VStack gap="4" textAlign="center" role={props.status === 'loading' ? 'status' : 'alert'}>
        {props.status === 'loading' && <Spinner size="xl" color="brand.solid" />}
        {props.status === 'success' && (
          <Icon color="green.fg" boxSize="12">
            <CircleCheck aria-hidden />
          </Icon>
        )}
        {props.status === 'error' && (
          <Icon color="red.fg" boxSize="12">
            <CircleAlert aria-hidden />
          </Icon>
        )}
        <Text>{props.message}</Text>
        <Stack w="full" gap="2">
          {props.action && (
            <Button asChild colorPalette="brand">
              <Link to={props.action.to}>{props.action.label}</Link>
            </Button>
          )}
          {props.extra}
        </Stack>
      </VStack>
    </AuthCard>
  );
}
