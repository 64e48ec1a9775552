import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { fr } from '../../src/shared/i18n/fr';

/* A savings circle's state has one word in each language, in the lists as on its page (not "Active" here and "Running" there). */
describe('savings circles: one word for each state', () => {
  for (const [lang, c] of [['en', en], ['fr', fr]] as const) {
    it(lang, () => {
      expect(c.circles.status).toEqual(c.circle.status);
      expect(c.circleFiles.report.status).toEqual(c.circle.status);
    });
  }
});
