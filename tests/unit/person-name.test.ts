import { describe, expect, it } from 'vitest';
import { realName } from '../../src/client/lib/person-name';
import { FORMER_MEMBER, FORMER_MEMBER_NAME } from '../../src/shared/constants';

describe('realName: a deleted account shows in the reader’s language', () => {
  it('gives back a person’s name, and nothing for a deleted account’s stored English name or a missing one', () => {
    expect(realName('Aisha Bello')).toBe('Aisha Bello');
    // The name a deleted account's row gets (services/account/delete.ts), as the servers' DTOs join it.
    expect(realName(`${FORMER_MEMBER.firstName} ${FORMER_MEMBER.lastName}`)).toBeUndefined();
    expect(realName(FORMER_MEMBER_NAME)).toBeUndefined();
    expect(realName('')).toBeUndefined();
    expect(realName(null)).toBeUndefined();
    expect(realName(undefined)).toBeUndefined();
    // Only the exact stored name: a person called "Former" keeps their name.
    expect(realName('Former Mensah')).toBe('Former Mensah');
  });
});
