import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order files start in. Vitest starts the files that took longest last time first, but a clean
 * clone (CI) has no last time: it starts them in path order, and a long journey that happens to come
 * last (welfare, the layout walk) runs on alone at the end while the other workers wait. These are
 * the files known to be long, in seconds on a quiet run here (clean clone, 2026-11-30; a browser file's seconds are its time in the pool beside the others, times three quarters); they start
 * first, longest first, and the rest follow in vitest's own order. A file missing from the list
 * costs time, never correctness.
 */
const SECONDS: Record<string, number> = {
  'tests/api/hardening-authz.test.ts': 100,
  'tests/e2e/layout.test.ts': 103,
  'tests/e2e/njangi.test.ts': 77,
  'tests/e2e/finances.test.ts': 65,
  'tests/e2e/savings.test.ts': 62,
  'tests/e2e/welfare.test.ts': 56,
  'tests/e2e/documents.test.ts': 55,
  'tests/e2e/chat.test.ts': 54,
  'tests/e2e/calls.test.ts': 52,
  'tests/e2e/shell.test.ts': 50,
  'tests/e2e/admin.test.ts': 49,
  'tests/e2e/communities.test.ts': 42,
  'tests/e2e/account.test.ts': 38,
  'tests/e2e/meeting-day.test.ts': 32,
  'tests/e2e/second-factor.test.ts': 30,
  'tests/e2e/events.test.ts': 28,
  'tests/e2e/discussions.test.ts': 27,
  'tests/e2e/prerender.test.ts': 26,
  'tests/e2e/polls.test.ts': 25,
  'tests/e2e/collecting.test.ts': 21,
  'tests/api/throttle.test.ts': 5,
  'tests/api/hardening-fuzz.test.ts': 19,
  'tests/api/auth-enumeration.test.ts': 9,
  'tests/api/finances.test.ts': 6,
};

const weight = (spec: TestSpecification) => SECONDS[spec.moduleId.slice(spec.project.config.root.length).replace(/^\//, '')] ?? 0;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Stable: projects keep their order, and so do files of equal (or unknown) weight.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => (a.spec.project.name === b.spec.project.name ? weight(b.spec) - weight(a.spec) || a.index - b.index : a.index - b.index))
      .map((x) => x.spec);
  }
}
