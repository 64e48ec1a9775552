import { HStack, Text } from '@chakra-ui/react';
import { Phone, PhoneIncoming, PhoneMissed, PhoneOff, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageDto } from '@shared/chat/protocol';

/** A call's entry in a conversation's history: worded here, in the reader's language, from the call. */
export function CallEntry({ m }: { m: MessageDto }) {
  const { t } = useTranslation();
  const call = m.call;
  if (!call) return null;
  const name = call.startedBy?.name ?? t('calls.history.someone');
  const media = call.media;
  const others = call.participants.filter((p) => p.person.id !== call.startedBy?.id && (p.state === 'left' || p.state === 'joined')).map((p) => p.person.name);
  let text: string;
  let detail = '';
  let Icon = media === 'video' ? Video : Phone;
  if (call.status === 'ended') {
    // How long it lasted, from the first answer to the end.
    const total = Math.max(0, Math.round(((call.endedAt ?? 0) - (call.answeredAt ?? call.startedAt)) / 1000));
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const spoken = total < 60 ? t('calls.history.seconds', { count: total }) : hours ? t('calls.history.hours', { hours, minutes }) : t('calls.history.minutes', { minutes, seconds: total % 60 });
    text = t(`calls.history.ended_${media}`, { duration: spoken });
    detail = t('calls.history.with', { names: [name, ...others].join(', ') });
  } else if (call.status === 'missed') {
    text = t(`calls.history.missed_${media}`, { name });
    Icon = PhoneMissed;
  } else if (call.status === 'declined') {
    text = t(`calls.history.declined_${media}`, { name });
    Icon = PhoneOff;
  } else {
    text = t(`calls.history.started_${media}`, { name });
    detail = t('calls.history.going');
    Icon = PhoneIncoming;
  }
  return (
    <HStack as="li" justify="center" gap="2" px="4" py="2" color="fg.muted" fontSize="sm" data-testid="call-entry" data-call-status={call.status} data-message-id={m.id}>
      <Icon size={16} aria-hidden />
      <Text>
        {text}
        {detail ? ` · ${detail}` : ''}
      </Text>
    </HStack>
  );
}
