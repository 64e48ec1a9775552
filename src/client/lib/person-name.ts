import { FORMER_MEMBER_NAME } from '@shared/constants';

/**
 * A person's name as the server gave it, or undefined for a deleted account: its row keeps the
 * English "Former member" (the books still name it), which each screen shows in the reader's
 * language instead, as `realName(x.author?.name) ?? t('….formerMember')`.
 */
export function realName(name: string | null | undefined): string | undefined {
  return name && name !== FORMER_MEMBER_NAME ? name : undefined;
}
