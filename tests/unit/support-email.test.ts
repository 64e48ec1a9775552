import { describe, expect, it } from 'vitest';
import { publicSupportEmail } from '../../src/server/operations/site';

describe('the support address shown to people', () => {
  it('is hidden while it is a placeholder, shown once it is real', () => {
    for (const placeholder of ['support@harambee.local', 'help@localhost', 'a@b.test', 'x@example.org', 'x@mail.example.com', 'x@foo.invalid', 'x@example']) {
      expect(publicSupportEmail(placeholder), placeholder).toBeNull();
    }
    for (const real of ['help@houston-cameroonians.org', 'contact@njangi.cm', 'support@harambee.app', 'me@examples.org']) {
      expect(publicSupportEmail(real), real).toBe(real);
    }
  });
});
