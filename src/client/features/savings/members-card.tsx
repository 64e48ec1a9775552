import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import { GROUP_ROLES, type GroupRole } from '@shared/savings/rules';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { ActionRow, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { Select } from '../../components/select';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import { communityQuery } from '../communities/queries';
import { MemberPicker } from '../events/event/member-picker';
import { roleKey } from './labels';
import type { Group, GroupMember } from './queries';
import { useSavingsAction } from './use-savings-action';

export const memberName = (m: Pick<GroupMember, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`.trim();

/**
 * Who is in the group and who holds its offices. The group's officers add members of the
 * community and decide requests to join; the community's leaders (savings.organise) name the
 * officers, one holder an office.
 */
export function MembersCard({ g, officer }: { g: Group; officer: boolean }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const role = useQuery(communityQuery(g.communityId)).data?.role ?? null;
  const leader = can(role, 'savings.organise');
  const act = useSavingsAction();
  const decide = useMutation(trpc.savings.decideJoin.mutationOptions());
  const setRole = useMutation(trpc.savings.setRole.mutationOptions());
  const active = g.members.filter((m) => m.status === 'active');
  const waiting = g.members.filter((m) => m.status === 'pending');
  const onDecide = (m: GroupMember, approve: boolean) =>
    void act(() => decide.mutateAsync({ id: g.id, userId: m.userId, approve }), t('savings.actionFailed'), approve ? t('savings.members.approved', { name: memberName(m) }) : t('savings.members.declined'));
  const onRole = (m: GroupMember, r: GroupRole) =>
    void act(() => setRole.mutateAsync({ id: g.id, userId: m.userId, role: r }), t('savings.actionFailed'), t('savings.members.roleSet', { name: memberName(m), role: t(roleKey(r)) }));
  return (
    <SectionCard
      id="savings-members"
      testId="savings-members"
      title={t('savings.members.title')}
      intro={t('savings.groups.members', { count: active.length })}
      actions={officer && g.status === 'active' && <AddMemberDialog g={g} trigger={<ButtonWithIcon icon={UserPlus} variant="outline">{t('savings.members.add')}</ButtonWithIcon>} />}
    >
      <Stack gap="4">
        {officer && waiting.length > 0 && (
          <Stack gap="1" data-testid="join-requests">
            <Text fontWeight="semibold">{t('savings.members.requests')}</Text>
            <RuledList>
              {waiting.map((m) => (
                <ActionRow
                  key={m.userId}
                  actions={
                    <>
                      <Button size="sm" colorPalette="brand" aria-label={t('savings.members.approveLabel', { name: memberName(m) })} onClick={() => onDecide(m, true)} disabled={decide.isPending}>
                        {t('savings.members.approve')}
                      </Button>
                      <Button size="sm" variant="outline" aria-label={t('savings.members.declineLabel', { name: memberName(m) })} onClick={() => onDecide(m, false)} disabled={decide.isPending}>
                        {t('savings.members.decline')}
                      </Button>
                    </>
                  }
                >
                  <Text fontWeight="medium">{memberName(m)}</Text>
                </ActionRow>
              ))}
            </RuledList>
          </Stack>
        )}
        {active.length === 0 ? (
          <Text color="fg.muted">{t('savings.members.empty')}</Text>
        ) : (
          <RuledList>
            {active.map((m) => (
              <ActionRow
                key={m.userId}
                testId="savings-member"
                actions={
                  leader ? (
                    <Select
                      aria-label={t('savings.members.setRoleLabel', { name: memberName(m) })}
                      value={m.role}
                      onChange={(e) => onRole(m, e.target.value as GroupRole)}
                      root={{ size: 'sm', width: 'auto', minW: '9rem', disabled: setRole.isPending }}
                      options={GROUP_ROLES.map((r) => ({ value: r, label: t(roleKey(r)) }))}
                    />
                  ) : undefined
                }
              >
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    {memberName(m)}
                  </Text>
                  {m.role !== 'member' && <Badge colorPalette="brand">{t(roleKey(m.role))}</Badge>}
                  {m.userId === me.id && <Badge variant="outline">{t('savings.you')}</Badge>}
                </HStack>
              </ActionRow>
            ))}
          </RuledList>
        )}
      </Stack>
    </SectionCard>
  );
}

const AddMemberDialog = formDialog(AddMemberForm, (t) => t('savings.members.addTitle'));

function AddMemberForm({ g, onDone }: { g: Group; onDone: () => void }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState('');
  const add = useMutation(trpc.savings.addMember.mutationOptions());
  const act = useSavingsAction();
  const inGroup = new Set(g.members.filter((m) => m.status === 'active').map((m) => m.userId));
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => add.mutateAsync({ id: g.id, userId }), t('savings.actionFailed'), t('savings.members.added')).then((ok) => ok && onDone());
      }}
      onCancel={onDone}
      submitLabel={t('savings.members.add')}
      busy={add.isPending}
      disabled={!userId}
      testId="add-member-form"
    >
      <MemberPicker communityId={g.communityId} name="savings-member" label={t('savings.members.person')} value={userId} onChange={(id) => setUserId(id)} exclude={inGroup} required />
    </DialogForm>
  );
}
