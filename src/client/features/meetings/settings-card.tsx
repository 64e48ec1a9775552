import { Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PROXIES_LIMIT, QUORUM_KINDS, type QuorumKind } from '@shared/meetings/rules';
import { parseAmount, toDecimal, type Currency } from '@shared/money';
import { FormField } from '../../components/form-field';
import { SectionCard } from '../../components/section-card';
import { Select } from '../../components/select';
import { trpc } from '../../trpc';
import { memberName, useMembers } from '../finances/members';
import { useFieldErrors } from './form-errors';
import { rotaQuery, settingsQuery, type Settings } from './queries';
import { useMeetingsAction } from './use-meetings-action';

/**
 * The community's meeting rules, for its leaders: the quorum (none, a number of members, or a
 * percentage of those in good standing), the late and absence fines in the books' currency (0:
 * none), proxies per holder, and the hosting rota the next host is proposed from.
 */
export function SettingsCard({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const s = useQuery(settingsQuery(communityId)).data;
  return (
    <SectionCard id="meeting-settings" testId="meeting-settings" title={t('meetings.settings.title')} intro={t('meetings.settings.intro')}>
      {s && <RulesForm communityId={communityId} s={s} />}
      <RotaEditor communityId={communityId} />
    </SectionCard>
  );
}

const KIND_KEY = { none: 'meetings.settings.kind.none', count: 'meetings.settings.kind.count', percent: 'meetings.settings.kind.percent' } as const;

function RulesForm({ communityId, s }: { communityId: number; s: Settings }) {
  const { t } = useTranslation();
  const currency = (s.currency ?? 'XAF') as Currency;
  const [kind, setKind] = useState<QuorumKind>(s.quorumKind);
  const [value, setValue] = useState(String(s.quorumValue));
  const [late, setLate] = useState(toDecimal(s.lateFine, currency));
  const [absent, setAbsent] = useState(toDecimal(s.absenceFine, currency));
  const [proxies, setProxies] = useState(String(s.maxProxies));
  const { errors, place, clear } = useFieldErrors();
  const save = useMutation(trpc.meetings.updateSettings.mutationOptions());
  const act = useMeetingsAction();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    clear();
    const input = { communityId, quorumKind: kind, quorumValue: Number(value) || 0, lateFine: parseAmount(late, currency) ?? -1, absenceFine: parseAmount(absent, currency) ?? -1, maxProxies: Number(proxies) };
    await act(() => save.mutateAsync(input), t('meetings.actionFailed'), t('meetings.settings.saved'), place);
  }
  return (
    <Stack as="form" gap="4" onSubmit={(e: React.FormEvent) => void onSubmit(e)} data-testid="meeting-rules-form">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField name="quorumKind" label={t('meetings.settings.quorum')}>
          <Select id="quorumKind" value={kind} options={QUORUM_KINDS.map((k) => ({ value: k, label: t(KIND_KEY[k]) }))} onChange={(e) => setKind(e.target.value as QuorumKind)} />
        </FormField>
        {kind !== 'none' && (
          <FormField name="quorumValue" label={t(kind === 'percent' ? 'meetings.settings.percent' : 'meetings.settings.count')} error={errors.quorumValue}>
            <Input id="quorumValue" type="number" inputMode="numeric" min={0} max={kind === 'percent' ? 100 : undefined} value={value} onChange={(e) => setValue(e.target.value)} />
          </FormField>
        )}
        <FormField name="lateFine" label={t('meetings.settings.lateFine', { currency })} error={errors.lateFine}>
          <Input id="lateFine" inputMode="decimal" value={late} onChange={(e) => setLate(e.target.value)} />
        </FormField>
        <FormField name="absenceFine" label={t('meetings.settings.absenceFine', { currency })} error={errors.absenceFine}>
          <Input id="absenceFine" inputMode="decimal" value={absent} onChange={(e) => setAbsent(e.target.value)} />
        </FormField>
        <FormField name="maxProxies" label={t('meetings.settings.maxProxies')} error={errors.maxProxies}>
          <Input id="maxProxies" type="number" inputMode="numeric" min={0} max={MAX_PROXIES_LIMIT} value={proxies} onChange={(e) => setProxies(e.target.value)} />
        </FormField>
      </SimpleGrid>
      {!s.currency && <Text fontSize="sm" color="fg.muted">{t('meetings.settings.booksFirst')}</Text>}
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending}>
        {t('meetings.settings.save')}
      </Button>
    </Stack>
  );
}

/** The hosting rota in order: members added at its end, moved off it, saved whole. */
function RotaEditor({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const saved = useQuery(rotaQuery(communityId)).data;
  const { members } = useMembers(communityId);
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    if (saved) setIds(saved.map((r) => r.userId));
  }, [saved]);
  const names = new Map([...(saved ?? []).map((r) => [r.userId, r.name] as const), ...members.map((m) => [m.userId, memberName(m)] as const)]);
  const save = useMutation(trpc.meetings.setRota.mutationOptions());
  const act = useMeetingsAction();
  return (
    <Stack gap="3" data-testid="meeting-rota">
      <Text fontWeight="semibold">{t('meetings.rota.title')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('meetings.rota.intro')}
      </Text>
      {ids.length === 0 && <Text fontSize="sm">{t('meetings.rota.empty')}</Text>}
      <Stack as="ol" gap="1" ps="5">
        {ids.map((id) => (
          <li key={id}>
            {names.get(id) ?? id}{' '}
            <Button size="xs" variant="ghost" aria-label={t('meetings.rota.removeLabel', { name: names.get(id) ?? id })} onClick={() => setIds(ids.filter((x) => x !== id))}>
              {t('meetings.rota.remove')}
            </Button>
          </li>
        ))}
      </Stack>
      <Select
        aria-label={t('meetings.rota.add')}
        value=""
        placeholder={t('meetings.rota.add')}
        options={members.filter((m) => !ids.includes(m.userId)).map((m) => ({ value: m.userId, label: memberName(m) }))}
        onChange={(e) => e.target.value && setIds([...ids, e.target.value])}
      />
      <Button alignSelf="flex-start" variant="outline" loading={save.isPending} onClick={() => void act(() => save.mutateAsync({ communityId, userIds: ids }), t('meetings.actionFailed'), t('meetings.rota.saved'))}>
        {t('meetings.rota.save')}
      </Button>
    </Stack>
  );
}
